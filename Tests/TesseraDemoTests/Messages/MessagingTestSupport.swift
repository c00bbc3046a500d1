import Foundation
import HTTPTypes
import Hummingbird
import Tessera
import NIOCore
import TesseraTesting

import Tessera
@testable import TesseraDemo

/// Helpers for the messaging and settings tests: multipart posts, a tiny PNG, a site with the
/// uploads route, database look-ups, and a scope for loading components directly.
enum MessagingTestSupport {
    /// A 1×1 transparent PNG (67 bytes).
    static let tinyPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0A, 0x49,
        0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00,
        0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// A file part of a multipart form.
    struct FilePart: Sendable {
        var field = "image"
        var filename: String
        var contentType: String
        var data: [UInt8]
    }

    /// A `multipart/form-data` body with `fields` (the CSRF token first) and `file`.
    static func multipartBody(boundary: String, fields: [(String, String)], file: FilePart?) -> [UInt8] {
        var body: [UInt8] = []
        func line(_ text: String) { body += Array((text + "\r\n").utf8) }
        for (name, value) in fields {
            line("--" + boundary)
            line("Content-Disposition: form-data; name=\"\(name)\"")
            line("")
            line(value)
        }
        if let file {
            line("--" + boundary)
            line("Content-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename)\"")
            line("Content-Type: " + file.contentType)
            line("")
            body += file.data
            line("")
        }
        line("--" + boundary + "--")
        return body
    }

    /// POSTs a multipart form as the composer does, with the session's cookie and CSRF token.
    static func postMultipart(
        _ client: TestClient, _ uri: String, fields: [(String, String)], file: FilePart? = nil,
        as session: TestSession, fragment: Bool = false
    ) async throws -> TestResponse {
        let boundary = "----tessera-test-\(UUID().uuidString)"
        var headers = session.headers
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        if fragment { headers[HTTPField.Name("X-Tessera-Fragment")!] = "1" }
        let body = multipartBody(boundary: boundary, fields: [("_csrf", session.token)] + fields, file: file)
        return try await client.send(method: .post, uri: uri, headers: headers, body: ByteBuffer(bytes: body))
    }

    /// Runs `body` against the app's router (which serves the uploads route), then deletes the
    /// site's folder.
    static func withUploads<Value>(
        _ site: TestSite, _ body: @Sendable (TestClient) async throws -> Value
    ) async throws -> Value {
        defer { try? FileManager.default.removeItem(at: site.folder) }
        return try await InProcessServer(router: DemoApp().makeRouter(site: site.site)).test(body)
    }

    /// Every message of conversation `id`, oldest first.
    static func messages(in id: Int64, of site: TestSite) async throws -> [Message] {
        try await MessageStore(database: site.site.database.counting(into: QueryCounter())).messages(in: id)
    }

    /// The names of the stored uploads.
    static func uploadedFiles(of site: TestSite) async throws -> [String] {
        try await StoredFiles(database: site.site.database).names()
    }

    /// Adds a conversation between Ada (2) and Grace (3), which the demo user is not in, with
    /// one message; returns its id (3 after the seed's two).
    @discardableResult
    static func addStrangersConversation(to site: TestSite) async throws -> Int64 {
        try await site.site.database.write { db in
            let id = try await Conversation.insert(title: "Ada and Grace", between: [2, 3], into: db)
            try await Message.insert(conversationID: id, senderID: 2, kind: .text, body: "Private", createdAt: TestSite.now, into: db)
            return id
        }
    }

    /// Gives `username` the demo password, so tests can sign in as them.
    static func giveDemoPassword(to username: String, in site: TestSite) async throws {
        try await site.site.database.write { db in
            try await db.execute(
                "UPDATE \"user\" SET passwordHash = (SELECT passwordHash FROM \"user\" WHERE id = 1) WHERE username = ?", [username])
        }
    }

}
