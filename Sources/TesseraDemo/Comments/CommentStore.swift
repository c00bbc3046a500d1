import Foundation
import GRDB
import Tessera

// MARK: - CommentStore

/// Comments on posts.
struct CommentStore {
    let database: CountingDatabase

    /// `limit` comments of blog `blogID` after skipping `offset`, newest first, with their
    /// authors' names, plus whether more follow. One query.
    func range(of blogID: Int64, offset: Int, limit: Int) async throws -> (comments: [CommentItem], hasMore: Bool) {
        let rows = try await database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT c.*, u.displayName AS authorName FROM comment c JOIN user u ON u.id = c.userID
                        WHERE c.blogID = ? ORDER BY c.createdAt DESC, c.id DESC LIMIT ? OFFSET ?
                        """), arguments: [blogID, limit + 1, offset]
            ).map { CommentItem(comment: try Comment(row: $0), authorName: $0["authorName"]) }
        }
        return (Array(rows.prefix(limit)), rows.count > limit)
    }

    /// How many comments blog `blogID` has. One query.
    func count(of blogID: Int64) async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM comment WHERE blogID = ?"), arguments: [blogID]) ?? 0
        }
    }

    /// Adds `userID`'s comment on published blog `blogID`; returns its id, or nil when the blog
    /// is missing or in the trash.
    func add(to blogID: Int64, by userID: Int64, body: String, at date: Date) async throws -> Int64? {
        try await database.write { db in
            guard try Blog.filter(Column("trashedAt") == nil).filter(key: blogID).fetchCount(db) == 1 else { return nil }
            try db.execute(
                sql: "INSERT INTO comment (blogID, userID, body, createdAt) VALUES (?, ?, ?, ?)",
                arguments: [blogID, userID, body, date])
            return db.lastInsertedRowID
        }
    }

    static func registerMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("demo.comments.v1") { db in
            try db.create(table: "comment") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("blogID", .integer).notNull().references("blog", onDelete: .cascade)
                t.column("userID", .integer).notNull().references("user", onDelete: .cascade)
                t.column("body", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(index: "comment_on_blog", on: "comment", columns: ["blogID", "createdAt"])
        }
    }

    /// Seed rows (part of ``DemoSeed``, which runs after every migration): a conversation under
    /// the two newest posts, so the demo shows comments and their pages.
    static func seed(_ db: Database) throws {
        let bodies = [
            "Lovely write-up — thank you.", "I tried this last week and it worked.", "Could you say more about the second part?",
            "Bookmarked.", "This made my morning.", "Same here!", "Great photos too.",
        ]
        let blogIDs = try Int64.fetchAll(db, sql: "SELECT id FROM blog WHERE trashedAt IS NULL ORDER BY createdAt DESC LIMIT 2")
        let userIDs = try Int64.fetchAll(db, sql: "SELECT id FROM user ORDER BY id")
        guard !userIDs.isEmpty else { return }
        for (blogIndex, blogID) in blogIDs.enumerated() {
            let created = try Date.fetchOne(db, sql: "SELECT createdAt FROM blog WHERE id = ?", arguments: [blogID]) ?? Date()
            for index in 0..<(blogIndex == 0 ? 7 : 2) {
                try db.execute(
                    sql: "INSERT INTO comment (blogID, userID, body, createdAt) VALUES (?, ?, ?, ?)",
                    arguments: [
                        blogID, userIDs[(index + 1) % userIDs.count], bodies[index % bodies.count],
                        created.addingTimeInterval(Double(index + 1) * 600),
                    ])
            }
        }
    }
}
