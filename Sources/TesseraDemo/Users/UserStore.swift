import Foundation
import Tessera

// MARK: - UserStore

/// Users and their priorities (passwords: ``MemberCredentials``).
struct UserStore {
    let database: CountingDatabase

    /// The user with `id`, or nil.
    func user(_ id: Int64) async throws -> User? {
        try await database.read { db in try await User.find(id, in: db) }
    }

    /// The member with `id` and what their profile counts (published posts, likes received), or
    /// nil: one query, the counts as subqueries (a profile page's only read besides its lists).
    func profile(_ id: Int64) async throws -> (user: User, counts: ProfileCounts, details: ProfileDetails)? {
        try await database.read { db in
            try await db.fetchOne(
                """
                SELECT \(User.columns),
                  (SELECT COUNT(*) FROM blog WHERE userID = "user".id AND trashedAt IS NULL),
                  (SELECT COALESCE(SUM(likeCount), 0) FROM blog WHERE userID = "user".id AND trashedAt IS NULL),
                  \(StoredProfileDetails.columns(of: "d"))
                FROM "user" LEFT JOIN profile_details d ON d.userID = "user".id WHERE "user".id = ?
                """, [id]
            ) { row in
                let (user, counts, details) = try row.records(User.self, ProfileCounts.self, StoredProfileDetails.self)
                return (user, counts, details.details)
            }
        }
    }

    /// Saves `userID`'s name, bio and `details`, with `avatar` as their new picture (stored in
    /// the same transaction) when given; false when there is no such member.
    func updateProfile(
        _ userID: Int64, displayName: String, bio: String, details: ProfileDetails, avatar: AcceptedFile?
    ) async throws -> Bool {
        try await database.write { db in
            guard try await db.execute("UPDATE \"user\" SET displayName = ?, bio = ? WHERE id = ?", [displayName, bio, userID]) == 1
            else { return false }
            var details = details
            if let avatar { details.avatarURL = try await ProfileDetails.avatars.store(avatar, in: db) }
            try await ProfileDetailsStore.save(details, of: userID, in: db)
            return true
        }
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
        try await database.read { db in try await Priority.filter(\.userID == userID).all(in: db) }.current(at: date)
    }
}
