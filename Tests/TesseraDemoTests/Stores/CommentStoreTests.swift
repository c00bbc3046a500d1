import Tessera
import Testing

@testable import TesseraDemo

/// Comments on both databases.
@Suite("Comment store")
struct CommentStoreTests {
    @Test("a post's comments come newest first with their authors' names, page by page")
    func pages() async throws {
        try await DemoDatabases.seeded { database in
            let store = CommentStore(database: database)
            #expect(try await store.count(of: 72) == 7)
            #expect(try await store.count(of: 71) == 2)
            let first = try await store.range(of: 72, offset: 0, limit: 5)
            #expect(first.comments.count == 5)
            #expect(first.hasMore)
            #expect(first.comments.first?.comment.body == "Great photos too.")
            #expect(first.comments.first?.authorName == "Ada Lovelace")
            let dates = first.comments.map(\.comment.createdAt)
            #expect(dates == dates.sorted(by: >))
            let rest = try await store.range(of: 72, offset: 5, limit: 5)
            #expect(rest.comments.map(\.comment.body) == ["I tried this last week and it worked.", "Lovely write-up — thank you."])
            #expect(!rest.hasMore)
        }
    }

    @Test("a comment on a published post is stored and numbered; one on a trashed or missing post is refused")
    func adding() async throws {
        try await DemoDatabases.seeded { database in
            let store = CommentStore(database: database)
            #expect(try await store.add(to: 1, by: 2, body: "Nice <b>one</b>", at: TestSite.now) == 10)
            let added = try await store.range(of: 1, offset: 0, limit: 1).comments.first
            #expect(added?.comment.body == "Nice <b>one</b>")
            #expect(added?.comment.createdAt == TestSite.now)
            #expect(added?.authorName == "Ada Lovelace")
            #expect(try await store.add(to: 7, by: 2, body: "Too late", at: TestSite.now) == nil)
            #expect(try await store.add(to: 999, by: 2, body: "Nowhere", at: TestSite.now) == nil)
            #expect(try await DemoDatabases.count("SELECT COUNT(*) FROM comment", in: database) == 10)
        }
    }
}
