import Tessera
import Testing

@testable import TesseraDemo

/// Drafts and publishing on both databases.
@Suite("Draft store")
struct DraftStoreTests {
    @Test("a member sees only their own drafts, most recently edited first")
    func reading() async throws {
        try await DemoDatabases.seeded { database in
            let store = DraftStore(database: database)
            let own = try await store.drafts(of: 1)
            #expect(own.map(\.title) == ["Why SQLite", "Half an idea", "Notes on Mustache"])
            #expect(own.allSatisfy { $0.userID == 1 })
            #expect(try await store.drafts(of: 2).isEmpty)
            #expect(try await store.draft(1, of: 1)?.body == "Logic-less templates keep views honest.")
            #expect(try await store.draft(1, of: 2) == nil)
        }
    }

    @Test("a new draft is numbered, and only its author saves or deletes it")
    func writing() async throws {
        try await DemoDatabases.seeded { database in
            let store = DraftStore(database: database)
            let id = try await store.create(for: 2, title: "Ada's", body: "Secret", at: TestSite.now)
            #expect(id == 4)
            #expect(try await store.save(id, of: 1, title: "Stolen", body: "", at: TestSite.now) == false)
            #expect(try await store.save(id, of: 2, title: "Ada's notes", body: "\n\nKept as typed  ", at: TestSite.now))
            let saved = try await store.draft(id, of: 2)
            #expect(saved?.title == "Ada's notes")
            #expect(saved?.body == "\n\nKept as typed  ")
            #expect(saved?.updatedAt == TestSite.now)
            #expect(try await store.delete(id, of: 1) == false)
            #expect(try await store.delete(id, of: 2))
            #expect(try await store.delete(id, of: 2) == false)
        }
    }

    @Test("publishing moves the draft into the blogs, once")
    func publishing() async throws {
        try await DemoDatabases.seeded { database in
            let store = DraftStore(database: database)
            #expect(try await store.publish(3, of: 2, at: TestSite.now) == nil, "not theirs")
            let blogID = try #require(try await store.publish(3, of: 1, at: TestSite.now))
            #expect(blogID == 73)
            let blog = try #require(try await BlogStore(database: database).blog(blogID))
            #expect(blog.title == "Why SQLite")
            #expect(blog.body == "One file, no server, and it is fast.")
            #expect(blog.likeCount == 0)
            #expect(blog.createdAt == TestSite.now)
            #expect(try await store.draft(3, of: 1) == nil)
            #expect(try await store.publish(3, of: 1, at: TestSite.now) == nil)
        }
    }

    @Test("eight publishes of one draft at once make one blog")
    func concurrentPublishesMakeOneBlog() async throws {
        try await DemoDatabases.seeded { database in
            let store = DraftStore(database: database)
            let results = try await DemoDatabases.concurrently(8) { _ in try await store.publish(1, of: 1, at: TestSite.now) }
            #expect(results.compactMap { $0 }.count == 1, "\(results)")
            #expect(try await DemoDatabases.count("SELECT COUNT(*) FROM blog WHERE title = 'Notes on Mustache'", in: database) == 1)
            #expect(try await store.drafts(of: 1).count == 2)
        }
    }
}
