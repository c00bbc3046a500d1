import Foundation
import HTTPTypes
import Tessera
import TesseraTesting
import Testing

@testable import TesseraDemo

/// The whole demo on PostgreSQL, when `TESSERA_TEST_POSTGRES` names a server (skipped
/// otherwise): the seeded pages are the very pages the SQLite tests' snapshots hold, and the
/// journeys that write work end to end.
@Suite("The site on PostgreSQL")
struct PostgresSiteTests {
    typealias Support = MessagingTestSupport

    // MARK: - Pages

    @Test("the seeded pages match the snapshots the SQLite tests keep")
    func seededPagesMatchSnapshots() async throws {
        try await TestSite.onPostgres { site in
            try await site.test { client in
                expectSnapshot(try await client.get("/").text, "Home/HomeSceneTests", "home-anonymous")
                expectSnapshot(try await client.get("/blogs/4").text, "Blogs/BlogSceneTests", "blog-anonymous")
                expectSnapshot(try await client.get("/users/2").text, "Users/UserSceneTests", "profile-other")
                expectSnapshot(try await client.get("/photos").text, "Photos/PhotosSceneTests", "gallery")
                let session = try await client.signIn()
                expectSnapshot(try await client.get("/messages", as: session).text, "Messages/ConversationsSceneTests", "conversations")
                expectSnapshot(try await client.get("/messages/1", as: session).text, "Messages/ConversationSceneTests", "conversation")
                expectSnapshot(try await client.get("/trash", as: session).text, "Trash/TrashSceneTests", "trash-list")
            }
        }
    }

    // MARK: - Journeys

    @Test("a new member signs up, likes a post twice, comments, and publishes a draft")
    func memberJourney() async throws {
        try await TestSite.onPostgres { site in
            try await site.test { client in
                let visitor = try await client.visit()
                let signUp = try await client.post(
                    "/signup", [("username", "zoe"), ("displayName", "Zoë Écrivain"), ("password", "correct horse battery")], as: visitor,
                    headers: [HTTPField.Name("X-Forwarded-For")!: "198.51.100.1"])
                #expect(signUp.headers[.location] == "/users/7")
                let zoe = try await client.signIn("zoe", password: "correct horse battery")
                #expect(try await client.get("/users/7", as: zoe).text.contains("Zoë Écrivain"))

                _ = try await client.post("/blogs/2/like", as: zoe)
                _ = try await client.post("/blogs/2/like", as: zoe)
                #expect(try await ContentFixtures.storedBlog(2, in: site)?.likeCount == 1)
                #expect(try await ContentFixtures.likeRows(2, in: site) == 1)

                let comment = try await client.post("/blogs/71/comments", [("text", "A <b>bold</b> thought")], as: zoe, fragment: true)
                #expect(comment.text.contains("3 comments"))
                #expect(comment.text.contains("A &lt;b&gt;bold&lt;/b&gt; thought"))

                let draft = try await client.post("/drafts/new", [("title", "First"), ("body", "Hello.")], as: zoe)
                let editor = try #require(draft.headers[.location])
                let published = try await client.post(editor + "/publish", [("title", "First post"), ("body", "Hello, all.")], as: zoe)
                #expect(published.headers[.location] == "/blogs/73")
                #expect(try await client.get("/blogs/73").text.contains("<h1>First post</h1>"))
                #expect(try await site.allDrafts().count == 3, "the new draft is gone, the seed's stay")
            }
        }
    }

    @Test("messages with an image, a new conversation, and the trash work end to end")
    func messagesAndTrash() async throws {
        try await TestSite.onPostgres { site in
            try await Support.giveDemoPassword(to: "ada", in: site)
            try await Support.withUploads(site) { client in
                let demo = try await client.signIn()
                let file = Support.FilePart(filename: "a.png", contentType: "image/png", data: Support.tinyPNG)
                let sent = try await Support.postMultipart(client, "/messages/1", fields: [("text", "A tiny picture")], file: file, as: demo)
                #expect(sent.status == .seeOther)
                let url = try #require(try await Support.messages(in: 1, of: site).last?.imageURL)
                let served = try await client.get(url, as: try await client.signIn("ada"))
                #expect(Array(served.body.readableBytesView) == Support.tinyPNG)
                #expect(try await client.get(url, as: try await client.visit()).status == .notFound)

                let started = try await client.post("/messages/new", [("to", "4"), ("text", "Hello Linus")], as: demo)
                #expect(started.headers[.location] == "/messages/3")
                let again = try await client.post("/messages/new", [("to", "4"), ("text", "Second note")], as: demo)
                #expect(again.headers[.location] == "/messages/3")

                #expect(try await client.post("/trash/7/restore", as: demo).headers[.location] == "/trash")
                #expect(try await client.post("/trash/13/delete", as: demo).headers[.location] == "/trash")
                #expect(try await site.anyBlog(7)?.trashedAt == nil)
                #expect(try await site.anyBlog(13) == nil)
                #expect(try await client.get("/trash", as: demo).text.contains("Nothing in the trash."))
            }
        }
    }

    // MARK: - Snapshots

    /// Matches `html` with the snapshot `name` of the test file `testFile` (under this target,
    /// without `.swift`): the SQLite tests' own.
    private func expectSnapshot(_ html: String, _ testFile: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        Snapshot.expectMatch(html, named: name, filePath: tests.appendingPathComponent(testFile + ".swift").path, sourceLocation: sourceLocation)
    }
}
