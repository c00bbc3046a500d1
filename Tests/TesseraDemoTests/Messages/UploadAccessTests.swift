import Foundation
import HTTPTypes
import TesseraTesting
import Testing

@testable import TesseraDemo

/// Uploaded images are readable only by the members of the conversation they were sent in:
/// visitors and other members get the same 404 as a name that does not exist.
@Suite("Upload access")
struct UploadAccessTests {
    typealias Support = MessagingTestSupport

    @Test("only the conversation's members can read an image; it is never stored in shared caches")
    func onlyMembersRead() async throws {
        let site = try await TestSite()
        try await Support.giveDemoPassword(to: "ada", in: site)
        try await Support.giveDemoPassword(to: "linus", in: site)
        try await Support.withUploads(site) { client in
            let demo = try await client.signIn()
            let file = Support.FilePart(filename: "a.png", contentType: "image/png", data: Support.tinyPNG)
            let sent = try await Support.postMultipart(client, "/messages/1", fields: [("text", "")], file: file, as: demo)
            #expect(sent.status == .seeOther)
            let url = try #require(try await Support.messages(in: 1, of: site).last?.imageURL)
            let members = try await site.site.database.read { db in
                try await db.fetchValues(
                    String.self, "SELECT u.username FROM participant p JOIN \"user\" u ON u.id = p.userID WHERE p.conversationID = 1")
            }
            #expect(Set(members) == ["demo", "ada"], "the seed's first conversation is Demo and Ada's")

            let own = try await client.get(url, as: demo)
            #expect(own.status == .ok)
            #expect(own.headers[.cacheControl] == "private, no-store")
            #expect(Array(own.body.readableBytesView) == Support.tinyPNG)
            let other = try await client.get(url, as: try await client.signIn("ada"))
            #expect(other.status == .ok)

            let outsider = try await client.get(url, as: try await client.signIn("linus"))
            #expect(outsider.status == .notFound)
            #expect(!outsider.text.contains("PNG"))
            let visitor = try await client.get(url)
            #expect(visitor.status == .notFound)
        }
    }
}
