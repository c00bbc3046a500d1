import Foundation
import Tessera

// MARK: - DraftStore

/// Drafts, and publishing them.
struct DraftStore {
    let database: CountingDatabase

    /// `userID`'s drafts, most recently edited first.
    func drafts(of userID: Int64) async throws -> [Draft] {
        try await database.read { db in
            try await Draft.filter(\.userID == userID).order(by: \.updatedAt, .descending).order(by: \.id, .descending).all(in: db)
        }
    }

    /// `userID`'s draft `id`, or nil.
    func draft(_ id: Int64, of userID: Int64) async throws -> Draft? {
        try await database.read { db in try await Draft.filter(\.id == id && \.userID == userID).first(in: db) }
    }

    /// A new draft; returns its id once stored.
    func create(for userID: Int64, title: String, body: String, at date: Date) async throws -> Int64 {
        try await database.write { db in
            try await Draft.insert(userID: userID, title: title, body: body, updatedAt: date, into: db)
        }
    }

    /// Saves `userID`'s draft `id`; false if it is not theirs.
    func save(_ id: Int64, of userID: Int64, title: String, body: String, at date: Date) async throws -> Bool {
        try await database.write { db in
            try await Draft.filter(\.id == id && \.userID == userID)
                .update([.set(\.title, title), .set(\.body, body), .set(\.updatedAt, date)], in: db) == 1
        }
    }

    /// Moves draft `id` into the blogs in one transaction: the draft is gone and the blog
    /// exists, or neither. Returns the new blog's id, or nil if the draft is not theirs.
    ///
    /// The draft is deleted first and the blog made from the row the delete returns: of two
    /// publishes at once, only the one whose delete found the row makes a blog (on PostgreSQL
    /// the other's delete waits for the first to commit, then finds nothing).
    func publish(_ id: Int64, of userID: Int64, at date: Date) async throws -> Int64? {
        try await database.write { db in
            let deleted = try await db.fetchOne("DELETE FROM draft WHERE id = ? AND userID = ? RETURNING title, body", [id, userID]) { row in
                (title: try row.decode(String.self, at: 0), body: try row.decode(String.self, at: 1))
            }
            guard let draft = deleted else { return nil }
            return try await Blog.insert(userID: userID, title: draft.title, body: draft.body, createdAt: date, into: db)
        }
    }

    /// Deletes `userID`'s draft `id`; false if it is not theirs.
    func delete(_ id: Int64, of userID: Int64) async throws -> Bool {
        try await database.write { db in try await Draft.filter(\.id == id && \.userID == userID).delete(in: db) == 1 }
    }
}
