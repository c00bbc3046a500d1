import Foundation
import GRDB
import Tessera

// MARK: - UserStore

/// Users and their priorities (passwords: ``MemberCredentials``).
struct UserStore {
    let database: CountingDatabase

    /// The user with `id`, or nil.
    func user(_ id: Int64) async throws -> User? {
        try await database.read { db in try User.fetchOne(db.cachedStatement(sql: "SELECT * FROM user WHERE id = ?"), arguments: [id]) }
    }

    /// Changes `userID`'s display name and bio; false if there is no such user.
    func updateProfile(_ userID: Int64, displayName: String, bio: String) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE user SET displayName = ?, bio = ? WHERE id = ?", arguments: [displayName, bio, userID])
            return db.changesCount == 1
        }
    }

    /// Every member but `userID`, by display name (whom to write to). One query.
    func others(than userID: Int64) async throws -> [User] {
        try await database.read { db in
            try User.filter(Column("id") != userID).order(Column("displayName"), Column("id")).fetchAll(db)
        }
    }

    /// `userID`'s current priorities at `date` (the rule lives in ``Priority``).
    func currentPriorities(of userID: Int64, at date: Date) async throws -> [Priority] {
        try await database.read { db in
            try Priority.fetchAll(db.cachedStatement(sql: "SELECT * FROM priority WHERE userID = ?"), arguments: [userID])
        }.current(at: date)
    }

    /// `userID`'s published posts and the likes they received, in one query.
    func profileCounts(of userID: Int64) async throws -> ProfileCounts {
        try await database.read { db in
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT COUNT(*) AS posts, COALESCE(SUM(likeCount), 0) AS likes FROM blog WHERE userID = ? AND trashedAt IS NULL"),
                arguments: [userID])
            return ProfileCounts(posts: row?["posts"] ?? 0, likes: row?["likes"] ?? 0)
        }
    }
}
