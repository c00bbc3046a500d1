import Foundation
import GRDB
import Tessera

// MARK: - MemberCredentials

/// Passwords and new members: every bcrypt goes through ``PasswordHashing`` (off the event
/// loops, with a concurrency cap).
struct MemberCredentials {
    let database: CountingDatabase

    /// The hash unknown users are checked against, so an unknown name costs what a known one does.
    static let dummyHash = DemoSeed.unusedHash

    /// The user named `username` if `password` is theirs. An unknown name is checked against
    /// ``dummyHash``, taking the same time.
    func authenticate(username: String, password: String) async throws -> User? {
        let name = username.lowercased()
        let user = try await database.read { db in try User.filter(Column("username") == name).fetchOne(db) }
        let matches = try await PasswordHashing.verify(password, against: user?.passwordHash ?? Self.dummyHash)
        return matches ? user : nil
    }

    /// Changes `userID`'s password after checking `current`; returns false if `current` is wrong.
    func changePassword(userID: Int64, current: String, new: String) async throws -> Bool {
        let user = try await database.read { db in try User.fetchOne(db, key: userID) }
        guard let user, try await PasswordHashing.verify(current, against: user.passwordHash) else { return false }
        let hash = try await PasswordHashing.hash(new)
        try await database.write { db in
            try db.execute(sql: "UPDATE user SET passwordHash = ? WHERE id = ?", arguments: [hash, userID])
        }
        return true
    }

    /// Adds a member; returns their id, or nil when `username` is taken.
    func createMember(username: String, displayName: String, password: String, at date: Date) async throws -> Int64? {
        let hash = try await PasswordHashing.hash(password)
        return try await database.write { db in
            guard try User.filter(Column("username") == username).fetchCount(db) == 0 else { return nil }
            try db.execute(
                sql: "INSERT INTO user (username, displayName, bio, passwordHash, createdAt) VALUES (?, ?, '', ?, ?)",
                arguments: [username, displayName, hash, date])
            return db.lastInsertedRowID
        }
    }
}
