import Foundation
import Tessera

// MARK: - UserStore

/// Users and their priorities (passwords: ``MemberCredentials``).
struct UserStore {
    let database: CountingDatabase

    /// The user with `id`, or nil.
    func user(_ id: Int64) async throws -> User? {
        try await database.read { db in try await db.fetchOne(User.self, "SELECT \(User.columns) FROM \"user\" WHERE id = ?", [id]) }
    }

    /// Changes `userID`'s display name and bio; false if there is no such user.
    func updateProfile(_ userID: Int64, displayName: String, bio: String) async throws -> Bool {
        try await database.write { db in
            try await db.execute("UPDATE \"user\" SET displayName = ?, bio = ? WHERE id = ?", [displayName, bio, userID]) == 1
        }
    }

    /// Every member but `userID`, by display name (whom to write to). One query.
    func others(than userID: Int64) async throws -> [User] {
        try await database.read { db in
            try await db.fetchAll(User.self, "SELECT \(User.columns) FROM \"user\" WHERE id != ? ORDER BY displayName, id", [userID])
        }
    }

    /// `userID`'s current priorities at `date` (the rule lives in ``Priority``).
    func currentPriorities(of userID: Int64, at date: Date) async throws -> [Priority] {
        try await database.read { db in
            try await db.fetchAll(Priority.self, "SELECT \(Priority.columns) FROM priority WHERE userID = ?", [userID])
        }.current(at: date)
    }

    /// `userID`'s published posts and the likes they received, in one query.
    func profileCounts(of userID: Int64) async throws -> ProfileCounts {
        try await database.read { db in
            let counts = try await db.fetchOne(
                "SELECT COUNT(*), COALESCE(SUM(likeCount), 0) FROM blog WHERE userID = ? AND trashedAt IS NULL", [userID]
            ) { row in ProfileCounts(posts: try row[0], likes: try row[1]) }
            return counts ?? ProfileCounts(posts: 0, likes: 0)
        }
    }
}
