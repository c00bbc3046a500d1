import NIOCore
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Pages' entity tags: made from their bytes, matched by RFC 9110's weak comparison.
@Suite("Entity tags")
struct EntityTagTests {
    @Test("the same bytes give the same weak tag, with their length in hex")
    func sameBytesSameTag() {
        let page = ByteBuffer(string: String(repeating: "<p>Tessera</p>\n", count: 300))
        let tag = EntityTag.weak(digesting: page)
        #expect(tag == EntityTag.weak(digesting: ByteBuffer(string: String(repeating: "<p>Tessera</p>\n", count: 300))))
        #expect(tag.hasPrefix("W/\"" + String(page.readableBytes, radix: 16) + "-"))
        #expect(tag.count == "W/\"".count + String(page.readableBytes, radix: 16).count + 1 + 8 + 1)
        #expect(EntityTag.weak(digesting: ByteBuffer()) == "W/\"0-00000000\"")
        // The standard CRC-32 check value (of "123456789") and a length of more than one digit.
        #expect(EntityTag.weak(digesting: ByteBuffer(string: "123456789")) == "W/\"9-cbf43926\"")
        #expect(EntityTag.weak(digesting: ByteBuffer(string: String(repeating: "x", count: 4096))).hasPrefix("W/\"1000-"))
    }

    @Test("one changed byte, or bytes swapped, change the tag")
    func changedBytesChangeTheTag() {
        let page = Array("<p>12 likes</p><p>3 comments</p>".utf8)
        var changed = page
        changed[3] = UInt8(ascii: "3")
        var swapped = page
        swapped.swapAt(3, 4)
        let tags = Set([page, changed, swapped].map { EntityTag.weak(digesting: ByteBuffer(bytes: $0)) })
        #expect(tags.count == 3)
    }

    @Test("If-None-Match is compared weakly, in lists, with * and a static file's -gz form", arguments: [
        ("W/\"a-1\"", "W/\"a-1\"", true),
        ("\"a-1\"", "W/\"a-1\"", true),
        ("W/\"a-1\"", "\"a-1\"", true),
        ("\"x\", W/\"a-1\"", "W/\"a-1\"", true),
        ("\"x\",\t\"a-1\" ", "W/\"a-1\"", true),
        ("*", "\"anything\"", true),
        ("\"h-gz\"", "\"h\"", true),
        ("\"h\"", "\"h-gz\"", true),
        ("\"a-2\"", "W/\"a-1\"", false),
        ("\"a-1", "\"a-1\"", false),
        ("", "\"a-1\"", false),
        ("W/\"A-1\"", "W/\"a-1\"", false),
    ])
    func matching(_ header: String, _ etag: String, _ matches: Bool) {
        #expect(EntityTag.matches(header, etag) == matches)
    }
}
