import Foundation
import Tessera

// MARK: - TrashStore

/// A user's trashed blogs: list, restore, delete forever.
struct TrashStore {
    let database: CountingDatabase

    /// `userID`'s trashed blogs, most recently trashed first.
    func trashed(of userID: Int64) async throws -> [Blog] {
        try await database.read { db in
            try await Blog.trashed.filter(\.userID == userID).order(by: \.trashedAt, .descending).order(by: \.id, .descending).all(in: db)
        }
    }

    /// Puts `userID`'s trashed blog `id` back; false if there is no such trashed blog.
    func restore(_ id: Int64, of userID: Int64) async throws -> Bool {
        try await database.write { db in
            try await Blog.trashed.filter(\.id == id && \.userID == userID).update([.set(\.trashedAt, nil)], in: db) == 1
        }
    }

    /// Deletes `userID`'s trashed blog `id` and its likes; false if there is no such trashed blog.
    func deleteForever(_ id: Int64, of userID: Int64) async throws -> Bool {
        try await database.write { db in
            guard try await Blog.trashed.filter(\.id == id && \.userID == userID).delete(in: db) == 1 else { return false }
            try await db.execute("DELETE FROM \"like\" WHERE blogID = ?", [id])
            return true
        }
    }

    /// How many blogs `userID` has in the trash, in one query.
    func count(of userID: Int64) async throws -> Int {
        try await database.read { db in try await Blog.trashed.filter(\.userID == userID).count(in: db) }
    }

    /// `userID`'s trashed blog `id`, or nil.
    func trashedBlog(_ id: Int64, of userID: Int64) async throws -> Blog? {
        try await database.read { db in try await Blog.trashed.filter(\.id == id && \.userID == userID).first(in: db) }
    }
}
