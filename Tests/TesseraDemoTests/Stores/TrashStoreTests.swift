import Tessera
import Testing

@testable import TesseraDemo

/// The trash on both databases.
@Suite("Trash store")
struct TrashStoreTests {
    @Test("a member's trash lists their trashed blogs, most recently trashed first")
    func listing() async throws {
        try await DemoDatabases.seeded { database in
            let store = TrashStore(database: database)
            let trashed = try await store.trashed(of: 1)
            #expect(trashed.map(\.id) == [13, 7])
            #expect(try await store.count(of: 1) == 2)
            #expect(try await store.count(of: 2) == 0)
            #expect(try await store.trashedBlog(7, of: 1)?.trashedAt == DemoSeed.hours(7))
            #expect(try await store.trashedBlog(7, of: 2) == nil)
            #expect(try await store.trashedBlog(1, of: 1) == nil, "published")
        }
    }

    @Test("restoring puts a trashed blog back, once, and only for its author")
    func restoring() async throws {
        try await DemoDatabases.seeded { database in
            let store = TrashStore(database: database)
            let byOther = try await store.restore(7, of: 2)
            #expect(byOther == false)
            #expect(try await store.restore(7, of: 1))
            #expect(try await store.restore(7, of: 1) == false)
            #expect(try await BlogStore(database: database).blog(7)?.trashedAt == nil)
            #expect(try await store.restore(1, of: 1) == false, "not in the trash")
        }
    }

    @Test("deleting forever removes a trashed blog with its likes and comments; a published one stays")
    func deletingForever() async throws {
        try await DemoDatabases.seeded { database in
            try await database.write { db in
                try await db.execute("INSERT INTO \"like\" (userID, blogID) VALUES (2, 13)")
                try await Comment.insert(blogID: 13, userID: 2, body: "Gone soon", createdAt: TestSite.now, into: db)
            }
            let store = TrashStore(database: database)
            #expect(try await store.deleteForever(13, of: 2) == false)
            #expect(try await store.deleteForever(13, of: 1))
            #expect(try await store.deleteForever(13, of: 1) == false)
            #expect(try await DemoDatabases.count("SELECT COUNT(*) FROM blog WHERE id = 13", in: database) == 0)
            #expect(try await DemoDatabases.count("SELECT COUNT(*) FROM \"like\" WHERE blogID = 13", in: database) == 0)
            #expect(try await DemoDatabases.count("SELECT COUNT(*) FROM comment WHERE blogID = 13", in: database) == 0)
            #expect(try await store.deleteForever(1, of: 1) == false, "published")
            #expect(try await store.count(of: 1) == 1)
        }
    }
}
