import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Tessera
import TesseraTesting
import Testing

@testable import TesseraDemo

/// What a person types comes back byte for byte in the form that shows it, or is refused with
/// a 400 before anything is stored.
@Suite("Text round trips")
struct TextRoundTripTests {
    typealias Support = MessagingTestSupport

    // MARK: - Property

    /// Random text from pieces that break naive code: combining marks, right-to-left text and
    /// marks, zero-width characters, astral characters, CJK, tabs and line breaks of every kind.
    struct TextGenerator {
        var state: UInt64

        static let pieces: [[String]] = [
            ["a", "Z", "7", " ", "&", "<", ">", "\"", "'", "=", "/", "\\", "%", "+", "#", "{{x}}", "&amp;"],
            ["é", "ß", "ø", "Ł", "ñ", "Ω", "Ж"],
            ["\u{301}", "\u{308}", "\u{323}", "\u{20DD}", "\u{FE0F}", "\u{200D}"],
            ["שלום", "مرحبا", "\u{200F}", "\u{200E}", "\u{202E}", "\u{2067}", "\u{2069}"],
            ["\u{200B}", "\u{200C}", "\u{2060}", "\u{FEFF}", "\u{AD}", "\u{2028}", "\u{85}"],
            ["😀", "👨‍👩‍👧‍👦", "🇫🇷", "𝕏", "𓂀", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "\u{10FFFD}"],
            ["日本語", "한국어", "中文", "\u{1100}\u{1161}"],
            ["\t", "\n", "\r\n", "\r", "\n\n"],
        ]

        mutating func next() -> UInt64 {  // SplitMix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func text(maxPieces: Int, lines: Bool) -> String {
            var result = ""
            for _ in 0..<Int(next() % UInt64(maxPieces + 1)) {
                let group = Self.pieces[Int(next() % UInt64(Self.pieces.count - (lines ? 0 : 1)))]
                result += group[Int(next() % UInt64(group.count))]
            }
            return result
        }
    }

    /// The draft editor's title and body as a browser would read them from `html`. Works on
    /// bytes: a `"` or `;` followed by a combining mark is one Swift `Character`, so searching
    /// the `String` would miss it.
    static func draftFields(in html: String) -> (title: String, body: String)? {
        let bytes = Array(html.utf8)
        func find(_ needle: String, from start: Int) -> Range<Int>? {
            bytes[start...].firstRange(of: Array(needle.utf8))
        }
        guard let titleStart = find("name=\"title\" type=\"text\" maxlength=\"120\" value=\"", from: 0),
            let titleEnd = find("\"", from: titleStart.upperBound),
            let bodyTag = find("<textarea id=\"draft-body\"", from: 0),
            let bodyOpen = find(">", from: bodyTag.upperBound),
            let bodyEnd = find("</textarea>", from: bodyOpen.upperBound)
        else { return nil }
        var body = Array(bytes[bodyOpen.upperBound..<bodyEnd.lowerBound])
        if body.first == UInt8(ascii: "\n") { body.removeFirst() }  // the one newline an HTML parser drops
        return (unescape(Array(bytes[titleStart.upperBound..<titleEnd.lowerBound])), unescape(body))
    }

    /// `text` with CRLF and lone CR made LF, scalar by scalar (a CR followed by a combining
    /// mark is one `Character`, so `String` replacement would miss it).
    static func linesNormalised(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n", previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = scalar == "\r"
            result.append(scalar == "\r" ? "\n" : scalar)
        }
        return String(result)
    }

    /// Reverses Tessera's escaping of `& < > " '`, byte by byte.
    static func unescape(_ bytes: [UInt8]) -> String {
        let entities: [(String, UInt8)] = [("&lt;", 0x3C), ("&gt;", 0x3E), ("&quot;", 0x22), ("&#39;", 0x27), ("&amp;", 0x26)]
        var result: [UInt8] = []
        var index = 0
        outer: while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&") {
                for (entity, byte) in entities where bytes[index...].starts(with: Array(entity.utf8)) {
                    result.append(byte)
                    index += entity.utf8.count
                    continue outer
                }
            }
            result.append(bytes[index])
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    @Test("random Unicode posted as a draft (URL-encoded and multipart) reloads byte for byte")
    func randomTextRoundTrips() async throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["TESSERA_PROPERTY_SEED"] ?? "") ?? 0x7E55_E7A0
        let site = try await TestSite()
        try await site.test { client in
            var generator = TextGenerator(state: seed)
            let session = try await client.signIn()
            for index in 0..<150 {
                let title = generator.text(maxPieces: 12, lines: false)
                let body = generator.text(maxPieces: 40, lines: true)
                let response: TestResponse
                if index.isMultiple(of: 2) {
                    response = try await client.post("/drafts/new", [("title", title), ("body", body)], as: session)
                } else {
                    response = try await Support.postMultipart(client, "/drafts/new", fields: [("title", title), ("body", body)], as: session)
                }
                let context = "case \(index) (seed \(seed)): title \(title.debugDescription), body \(body.debugDescription)"
                // A draft with neither a title nor text is refused (nothing worth keeping).
                let blank = title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                    && body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                #expect(response.status == (blank ? .badRequest : .seeOther), "\(context) → \(response.status)")
                guard let location = response.headers[.location] else { continue }
                let page = try await client.get(location, as: session)
                let shown = try #require(Self.draftFields(in: page.text), "\(context): no form")
                let expectedBody = Self.linesNormalised(body)
                #expect(Array(shown.title.utf8) == Array(title.trimmingCharacters(in: .whitespacesAndNewlines).utf8), "\(context)")
                #expect(Array(shown.body.utf8) == Array(expectedBody.utf8), "\(context)")
            }
        }
    }

    // MARK: - Cases from the attack

    @Test("a NUL is refused with 400 and nothing is stored, URL-encoded or multipart")
    func nulIsRefused() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let body = "_csrf=\(session.token)&title=t&body=before%00after"
            let response = try await client.send(
                method: .post, uri: "/drafts/new",
                headers: [.cookie: session.cookie, .contentType: "application/x-www-form-urlencoded"], body: .init(string: body))
            #expect(response.status == .badRequest)
            #expect(response.text.contains("U+0000"))
            let message = try await Support.postMultipart(client, "/messages/1", fields: [("text", "before\0after")], as: session)
            #expect(message.status == .badRequest)
        }
        let drafts = try await Journey.count("SELECT COUNT(*) FROM draft WHERE body LIKE 'before%'", in: site)
        #expect(drafts == 0)
        let messages = try await Journey.count("SELECT COUNT(*) FROM message WHERE body LIKE 'before%'", in: site)
        #expect(messages == 0)
    }

    @Test("invalid UTF-8 in a multipart message is a 400, as it is URL-encoded")
    func invalidUTF8InMultipart() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let boundary = "tessera-utf8"
            var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(session.token)\r\n".utf8)
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\nbad ".utf8) + [0xC3, 0x28]
            body += Array("\r\n--\(boundary)--\r\n".utf8)
            let response = try await client.send(
                method: .post, uri: "/messages/1",
                headers: [.cookie: session.cookie, .contentType: "multipart/form-data; boundary=\(boundary)"],
                body: ByteBuffer(bytes: body))
            #expect(response.status == .badRequest)
        }
        let stored = try await Journey.count("SELECT COUNT(*) FROM message WHERE body LIKE 'bad%'", in: site)
        #expect(stored == 0)
    }

    @Test("a body starting with newlines keeps them across saves; the textarea starts with a newline")
    func leadingNewlinesSurvive() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let created = try await client.post("/drafts/new", [("title", "Lines"), ("body", "\n\nIndented start")], as: session)
            let location = try #require(created.headers[.location])
            var page = try await client.get(location, as: session)
            #expect(page.text.contains(">\n\n\nIndented start</textarea>"))
            for _ in 0..<3 {  // save what the browser shows, as the editor does
                let shown = try #require(Self.draftFields(in: page.text))
                let id = location.split(separator: "/")[1]
                let saved = try await client.post("/drafts/\(id)/edit", [("title", shown.title), ("body", shown.body)], as: session)
                #expect(saved.status == .seeOther)
                page = try await client.get(location, as: session)
            }
            #expect(Self.draftFields(in: page.text)?.body == "\n\nIndented start")
        }
    }

    @Test("a line break in a title is refused, not turned into something else", arguments: ["Two\rlines", "Two\nlines", "Two\r\nlines"])
    func titleLineBreaksAreRefused(_ title: String) async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let response = try await client.post("/drafts/new", [("title", title), ("body", "b")], as: session)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("Keep this to one line."))
        }
    }

    @Test("titles and messages are limited in scalars: a 60 KB title and 'a' with 200,000 marks are refused")
    func limitsCountScalars() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let title = try await client.post("/drafts/new", [("title", String(repeating: "é", count: 30_000)), ("body", "b")], as: session)
            #expect(title.status == .badRequest)
            #expect(title.text.contains("Keep this to 120 characters or fewer (it has 30000)."))
            let zalgo = "a" + String(repeating: "\u{301}", count: 200_000)
            let message = try await client.post("/messages/1", [("text", zalgo)], as: session)
            #expect(message.status == .badRequest)
            #expect(message.text.contains("Keep this to 2000 characters or fewer (it has 200001)."))
            #expect(message.text.utf8.count < 30_000, "a flood is not sent back whole")
            let marks = try await client.post("/messages/1", [("text", "a" + String(repeating: "\u{301}", count: 16))], as: session)
            #expect(marks.status == .badRequest)
            #expect(marks.text.contains("more than 15 accents or marks"))
            #expect(marks.text.contains(">\na" + String(repeating: "\u{301}", count: 16) + "</textarea>"), "the composer keeps the text")
            let fine = try await client.post("/messages/1", [("text", "Zoë says 👨‍👩‍👧‍👦 hi")], as: session)
            #expect(fine.status == .seeOther)
        }
    }

    @Test("excerpts are cut by scalars: an old message of 200,000 marks shows at most 80 in the inbox")
    func excerptsAreBounded() async throws {
        let site = try await TestSite()
        try await site.site.database.write { db in
            try await Message.insert(
                conversationID: 1, senderID: 2, kind: .text, body: "a" + String(repeating: "\u{301}", count: 200_000), createdAt: TestSite.now,
                into: db)
        }
        try await site.test { client in
            let session = try await client.signIn()
            let inbox = try await client.get("/messages", as: session)
            #expect(inbox.status == .ok)
            #expect(inbox.text.utf8.count < 40_000)
            #expect(inbox.text.contains("a" + String(repeating: "\u{301}", count: 78) + "…"))
        }
    }
}
