import Foundation
import GRDB
import Tessera

// MARK: - TrashStore

/// A user's trashed blogs: list, restore, delete forever.
struct TrashStore {
    let database: CountingDatabase

    /// `userID`'s trashed blogs, most recently trashed first.
    func trashed(of userID: Int64) async throws -> [Blog] {
        try await database.read { db in
            try Blog.filter(Column("userID") == userID).filter(Column("trashedAt") != nil)
                .order(Column("trashedAt").desc, Column("id").desc).fetchAll(db)
        }
    }

    /// Puts `userID`'s trashed blog `id` back; false if there is no such trashed blog.
    func restore(_ id: Int64, of userID: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE blog SET trashedAt = NULL WHERE id = ? AND userID = ? AND trashedAt IS NOT NULL", arguments: [id, userID])
            return db.changesCount == 1
        }
    }

    /// Deletes `userID`'s trashed blog `id` and its likes; false if there is no such trashed blog.
    func deleteForever(_ id: Int64, of userID: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM blog WHERE id = ? AND userID = ? AND trashedAt IS NOT NULL", arguments: [id, userID])
            guard db.changesCount == 1 else { return false }
            try db.execute(sql: "DELETE FROM \"like\" WHERE blogID = ?", arguments: [id])
            return true
        }
    }

    /// How many blogs `userID` has in the trash, in one query.
    func count(of userID: Int64) async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT COUNT(*) FROM blog WHERE userID = ? AND trashedAt IS NOT NULL"), arguments: [userID]) ?? 0
        }
    }

    /// `userID`'s trashed blog `id`, or nil.
    func trashedBlog(_ id: Int64, of userID: Int64) async throws -> Blog? {
        try await database.read { db in
            try Blog.filter(key: id).filter(Column("userID") == userID).filter(Column("trashedAt") != nil).fetchOne(db)
        }
    }
}
