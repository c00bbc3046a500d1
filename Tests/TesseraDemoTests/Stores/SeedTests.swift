import Tessera
import Testing

@testable import TesseraDemo

/// The seed on both databases: the rows a first run browses, numbered by the database from 1,
/// with every count consistent and the numbering carrying on after it.
@Suite("Seed")
struct SeedTests {
    @Test("the seed numbers members 1…6 and blogs 1…72, in order")
    func numbersRowsInOrder() async throws {
        try await DemoDatabases.seeded { database in
            let (users, blogs) = try await database.read { db in
                (
                    try await db.fetchValues(String.self, "SELECT username FROM \"user\" ORDER BY id"),
                    try await db.fetchValues(Int64.self, "SELECT id FROM blog ORDER BY id")
                )
            }
            #expect(users == DemoSeed.members.map(\.username))
            #expect(blogs == Array(1...72))
            let author = try await DemoDatabases.count("SELECT COUNT(*) FROM blog WHERE id = 72 AND userID = 6", in: database)
            #expect(author == 1, "blogs go round the members")
        }
    }

    @Test("the seed holds every table's rows, and each blog's like count equals its like rows")
    func holdsConsistentRows() async throws {
        try await DemoDatabases.seeded { database in
            let counts = [
                "like": 72, "draft": 3, "photo": 12, "conversation": 2, "participant": 4, "message": 6, "priority": 4, "comment": 9,
            ]
            for (table, expected) in counts {
                #expect(try await DemoDatabases.count("SELECT COUNT(*) FROM \"\(table)\"", in: database) == expected, "\(table)")
            }
            let wrong = try await DemoDatabases.count(
                "SELECT COUNT(*) FROM blog WHERE likeCount != (SELECT COUNT(*) FROM \"like\" WHERE blogID = blog.id)", in: database)
            #expect(wrong == 0)
            let trashed = try await DemoDatabases.count("SELECT COUNT(*) FROM blog WHERE trashedAt IS NOT NULL AND userID = 1", in: database)
            #expect(trashed == 2)
        }
    }

    @Test("rows added after the seed are numbered after the seed's")
    func numberingCarriesOn() async throws {
        try await DemoDatabases.seeded { database in
            let ids = try await database.write { db in
                [
                    try await User.insert(username: "zoe", displayName: "Zoë", bio: "", passwordHash: "x", createdAt: TestSite.now, into: db),
                    try await Blog.insert(userID: 1, title: "New", body: "Text", createdAt: TestSite.now, into: db),
                    try await Draft.insert(userID: 1, title: "New", body: "", updatedAt: TestSite.now, into: db),
                    try await Photo.insert(userID: 1, title: "New", url: "/photos/new.svg", createdAt: TestSite.now, into: db),
                    try await Comment.insert(blogID: 1, userID: 1, body: "New", createdAt: TestSite.now, into: db),
                ]
            }
            #expect(ids == [7, 73, 4, 13, 10])
        }
    }
}
