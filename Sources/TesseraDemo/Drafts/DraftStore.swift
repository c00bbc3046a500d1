import Foundation
import GRDB
import Tessera

// MARK: - DraftStore

/// Drafts, and publishing them.
struct DraftStore {
    let database: CountingDatabase

    /// `userID`'s drafts, most recently edited first.
    func drafts(of userID: Int64) async throws -> [Draft] {
        try await database.read { db in
            try Draft.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM draft WHERE userID = ? ORDER BY updatedAt DESC, id DESC"), arguments: [userID])
        }
    }

    /// `userID`'s draft `id`, or nil.
    func draft(_ id: Int64, of userID: Int64) async throws -> Draft? {
        try await database.read { db in try Draft.filter(key: id).filter(Column("userID") == userID).fetchOne(db) }
    }

    /// A new draft; returns its id once stored.
    func create(for userID: Int64, title: String, body: String, at date: Date) async throws -> Int64 {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO draft (userID, title, body, updatedAt) VALUES (?, ?, ?, ?)", arguments: [userID, title, body, date])
            return db.lastInsertedRowID
        }
    }

    /// Saves `userID`'s draft `id`; false if it is not theirs.
    func save(_ id: Int64, of userID: Int64, title: String, body: String, at date: Date) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE draft SET title = ?, body = ?, updatedAt = ? WHERE id = ? AND userID = ?",
                arguments: [title, body, date, id, userID])
            return db.changesCount == 1
        }
    }

    /// Moves draft `id` into the blogs in one transaction: the draft is gone and the blog
    /// exists, or neither. Returns the new blog's id, or nil if the draft is not theirs.
    func publish(_ id: Int64, of userID: Int64, at date: Date) async throws -> Int64? {
        try await database.write { db in
            guard let draft = try Draft.filter(key: id).filter(Column("userID") == userID).fetchOne(db) else { return nil }
            try db.execute(
                sql: "INSERT INTO blog (userID, title, body, likeCount, createdAt) VALUES (?, ?, ?, 0, ?)",
                arguments: [userID, draft.title, draft.body, date])
            let blogID = db.lastInsertedRowID
            try db.execute(sql: "DELETE FROM draft WHERE id = ?", arguments: [id])
            return blogID
        }
    }

    /// Deletes `userID`'s draft `id`; false if it is not theirs.
    func delete(_ id: Int64, of userID: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM draft WHERE id = ? AND userID = ?", arguments: [id, userID])
            return db.changesCount == 1
        }
    }
}
