import Foundation
import HTTPTypes
import Tessera
import TesseraTesting
import Testing

@testable import TesseraDemo

/// Sending images (`POST /messages/:id` with a file) and serving them (`GET /uploads/:name`).
@Suite("Image messages and uploads")
struct ImageMessageTests {
    typealias Support = MessagingTestSupport

    @Test("a PNG is recognised by its bytes, stored under a random name and served back")
    func sendsAndServesPNG() async throws {
        let site = try await TestSite()
        try await Support.withUploads(site) { client in
            let session = try await client.signIn()
            // The browser's name and type are untrusted: the bytes decide.
            let file = Support.FilePart(filename: "holiday.exe", contentType: "text/plain", data: Support.tinyPNG)
            let response = try await Support.postMultipart(
                client, "/messages/1", fields: [("text", "A tiny picture")], file: file, as: session)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/messages/1")

            let message = try #require(try await Support.messages(in: 1, of: site).last)
            #expect(message.kind == .image)
            #expect(message.body == "A tiny picture")
            let url = try #require(message.imageURL)
            #expect(url.wholeMatch(of: /\/uploads\/[a-f0-9]{32}\.png/) != nil)
            let name = String(url.dropFirst())
            #expect(try await Support.uploadedFiles(of: site) == [name])

            let served = try await client.get(url, as: session)
            #expect(served.status == .ok)
            #expect(served.headers[.contentType] == "image/png")
            #expect(served.headers[.xContentTypeOptions] == "nosniff")
            #expect(Array(served.body.readableBytesView) == Support.tinyPNG)

            let page = try await client.get("/messages/1", as: session)
            #expect(page.text.contains("<img src=\"\(url)\" alt=\"A tiny picture\">"))
        }
    }

    @Test("an image without a caption is sent, with alt text naming the sender")
    func imageWithoutCaption() async throws {
        let site = try await TestSite()
        try await Support.withUploads(site) { client in
            let session = try await client.signIn()
            let gif = Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x3B]
            let file = Support.FilePart(filename: "a.gif", contentType: "image/gif", data: gif)
            let response = try await Support.postMultipart(client, "/messages/2", fields: [("text", "")], file: file, as: session)
            #expect(response.status == .seeOther)
            let message = try #require(try await Support.messages(in: 2, of: site).last)
            #expect(message.imageURL?.hasSuffix(".gif") == true)
            let page = try await client.get("/messages/2", as: session)
            #expect(page.text.contains("alt=\"An image from Demo Writer\""))
        }
    }

    @Test("an empty file input sends a text message")
    func emptyFileInputIsText() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let none = Support.FilePart(filename: "", contentType: "application/octet-stream", data: [])
            let response = try await Support.postMultipart(client, "/messages/1", fields: [("text", "Just words")], file: none, as: session)
            #expect(response.status == .seeOther)
            #expect(try await Support.messages(in: 1, of: site).last?.kind == .text)
        }
    }

    @Test("text bytes named x.png are refused with 400, the caption kept, nothing stored")
    func refusesFakeImage() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let file = Support.FilePart(filename: "x.png", contentType: "image/png", data: Array("<svg onload=alert(1)>".utf8))
            let response = try await Support.postMultipart(
                client, "/messages/1", fields: [("text", "My <caption>")], file: file, as: session)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("That file is not a PNG, JPEG, GIF or WebP image."))
            #expect(response.text.contains("aria-describedby=\"composer-image-hint composer-image-error\""))
            #expect(response.text.contains(">\nMy &lt;caption&gt;</textarea>"))
            #expect(try await Support.messages(in: 1, of: site).count == 4)
            #expect(try await Support.uploadedFiles(of: site).isEmpty)
            Snapshot.expectMatch(response.text, named: "send-fake-image")
        }
    }

    @Test("an image whose header states more pixels than the limit is refused with 400 and stores nothing")
    func refusesHugeDimensions() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            var png = Support.tinyPNG
            png.replaceSubrange(16..<24, with: [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0])  // 100000 × 100000
            let file = Support.FilePart(filename: "bomb.png", contentType: "image/png", data: png)
            let response = try await Support.postMultipart(client, "/messages/1", fields: [("text", "Bomb")], file: file, as: session)
            #expect(response.status == .badRequest)
            #expect(response.select("#composer-image-error").contains { $0.text.contains("100000 × 100000 pixels") })
            #expect(try await Support.messages(in: 1, of: site).count == 4)
            #expect(try await Support.uploadedFiles(of: site).isEmpty)
        }
    }

    @Test("three bursts of twelve concurrent sends of one image form, through two processes on one database, leave three messages and three files (SQLite, PostgreSQL)")
    func concurrentBurstsStoreOneFileEach() async throws {
        try await TestSite.onTwoProcesses(Self.bursts)
    }

    /// Three bursts of twelve sends under one token each, alternating between `first`'s and
    /// `second`'s routers (two processes on one database).
    private static func bursts(_ first: TestSite, _ second: TestSite) async throws {
        try await first.test(keepingFiles: true) { one in
            try await second.test { two in
                let session = try await one.signIn()
                for burst in 1...3 {
                    let once = Journey.onceToken(in: try await one.get("/messages/1", as: session).text)
                    let file = Support.FilePart(filename: "dot.png", contentType: "image/png", data: Support.tinyPNG)
                    let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                        for index in 0..<12 {
                            let client = index.isMultiple(of: 2) ? one : two
                            group.addTask {
                                try await Support.postMultipart(
                                    client, "/messages/1", fields: [("_once", once), ("text", "Burst \(burst)")], file: file, as: session
                                ).status
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                    #expect(statuses.allSatisfy { $0 == .seeOther }, "\(statuses)")
                }
                #expect(try await Support.messages(in: 1, of: first).count == 4 + 3)
                #expect(try await Support.uploadedFiles(of: second).count == 3)
            }
        }
    }

    @Test("an image over 2 MiB but within the body limit is refused with 400")
    func refusesImageOverTwoMiB() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let big = Support.tinyPNG + [UInt8](repeating: 0, count: 2 * 1024 * 1024)
            let file = Support.FilePart(filename: "big.png", contentType: "image/png", data: big)
            let response = try await Support.postMultipart(client, "/messages/1", fields: [("text", "Big")], file: file, as: session)
            #expect(response.status == .badRequest)
            #expect(response.select(".field-error").first?.text == "That file is larger than 2 MiB. Choose a smaller one.")
            #expect(try await Support.messages(in: 1, of: site).count == 4)
            #expect(try await Support.uploadedFiles(of: site).isEmpty)
        }
    }

    @Test("a body over the action's 3 MiB limit is a 413 and changes nothing")
    func refusesBodyOverLimit() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let huge = Support.tinyPNG + [UInt8](repeating: 0, count: 3 * 1024 * 1024)
            let file = Support.FilePart(filename: "huge.png", contentType: "image/png", data: huge)
            let response = try await Support.postMultipart(client, "/messages/1", fields: [("text", "Huge")], file: file, as: session)
            #expect(response.status == .contentTooLarge)
            #expect(try await Support.messages(in: 1, of: site).count == 4)
            #expect(try await Support.uploadedFiles(of: site).isEmpty)
        }
    }

    @Test("a caption over 2,000 characters is refused even with a good image")
    func refusesLongCaption() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let file = Support.FilePart(filename: "x.png", contentType: "image/png", data: Support.tinyPNG)
            let response = try await Support.postMultipart(
                client, "/messages/1", fields: [("text", String(repeating: "c", count: 2001))], file: file, as: session)
            #expect(response.status == .badRequest)
            #expect(try await Support.uploadedFiles(of: site).isEmpty)
        }
    }

    @Test("the uploads route serves only stored names of the exact shape", arguments: [
        "../x", "abc.png", "%2e%2e%2fx", "..%2F..%2Fetc%2Fpasswd", "%2E%2E%2Ftest.sqlite", "..%2Ftest.sqlite",
        "0123456789abcdef0123456789abcdef.svg", "0123456789ABCDEF0123456789ABCDEF.png",
        "0123456789abcdef0123456789abcdef.png.png", "0123456789abcdef0123456789abcdef.png",
        "0123456789abcdef0123456789abcdef%2Epng", ".0123456789abcdef0123456789abcdef.png",
    ])
    func refusesBadNames(_ name: String) async throws {
        let site = try await TestSite()
        // A file beside the database that a traversal would reach, and a stored file with a name
        // the route never gives out.
        try Data("secret".utf8).write(to: site.folder.appendingPathComponent("x"))
        try await StoredFiles(database: site.site.database).save(
            Array("secret svg".utf8), name: "0123456789abcdef0123456789abcdef.svg", contentType: "image/svg+xml")
        try await Support.withUploads(site) { client in
            let session = try await client.signIn()
            let response = try await client.get("/uploads/" + name, as: session)
            #expect(response.status == .notFound)
            #expect(!response.text.contains("secret"))
        }
    }

    @Test("an image sent through one process is served by another on the same database")
    func servedByAnotherProcess() async throws {
        let first = try await TestSite()
        let second = try await TestSite(reopening: first)  // its own pool, as a second server on the file
        let (url, session) = try await first.test(keepingFiles: true) { client in
            let session = try await client.signIn()
            let file = Support.FilePart(filename: "cat.png", contentType: "image/png", data: Support.tinyPNG)
            let response = try await Support.postMultipart(client, "/messages/1", fields: [("text", "")], file: file, as: session)
            #expect(response.status == .seeOther)
            return (try #require(try await Support.messages(in: 1, of: first).last?.imageURL), session)
        }
        try await Support.withUploads(second) { client in
            let served = try await client.get(url, as: session)
            #expect(served.status == .ok)
            #expect(Array(served.body.readableBytesView) == Support.tinyPNG)
        }
    }

    @Test("formats are decided by magic bytes: PNG, JPEG, GIF, WebP and nothing else")
    func detectsFormats() {
        let webp = Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8)
        #expect(ImageFormat.detect(Support.tinyPNG)?.fileExtension == "png")
        #expect(ImageFormat.detect([0xFF, 0xD8, 0xFF, 0xE0, 0x00])?.fileExtension == "jpg")
        #expect(ImageFormat.detect(Array("GIF87a...".utf8))?.fileExtension == "gif")
        #expect(ImageFormat.detect(webp)?.contentType == "image/webp")
        #expect(ImageFormat.detect(Array("RIFF\0\0\0\0WAVE".utf8)) == nil)
        #expect(ImageFormat.detect(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)) == nil)
        #expect(ImageFormat.detect(Array(Support.tinyPNG.prefix(7))) == nil)
        #expect(ImageFormat.detect([]) == nil)
    }

    @Test("stored names are 32 random hex digits with the format's extension, in the route's folder")
    func storedNames() async throws {
        let site = try await TestSite()
        defer { site.app.removeFiles() }
        let image = try #require(
            MessageUploads.image.check(UploadedFile(field: "image", filename: "x.gif", contentType: "image/gif", data: Support.tinyPNG)).file)
        #expect(image.contentType == "image/png", "the bytes decide, not the name or the type sent")
        let urls = try await site.site.database.write { db in
            [try await MessageUploads.route.store(image, in: db), try await MessageUploads.route.store(image, in: db)]
        }
        #expect(urls[0] != urls[1])
        for url in urls {
            #expect(url.wholeMatch(of: /\/uploads\/[0-9a-f]{32}\.png/) != nil)
            #expect(try await StoredFiles(database: site.site.database).file(named: String(url.dropFirst()))?.bytes == Support.tinyPNG)
        }
    }
}
