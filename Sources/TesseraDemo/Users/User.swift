import Foundation
import Tessera

// MARK: - User

/// A member of the community.
@SQLRecord
public struct User: Codable, ColumnOrderedRecord, Sendable, Equatable {
    public static let databaseTableName = "user"

    public var id: Int64
    /// The sign-in name: lowercase letters, digits, `-`.
    public var username: String
    /// The name shown on pages.
    public var displayName: String
    /// A short text about them.
    public var bio: String
    /// bcrypt hash of the password.
    public var passwordHash: String
    public var createdAt: Date
}

// MARK: - Inserting

extension User {
    /// Stores a new member (for the seed and fixtures; sign-up goes through Tessera's
    /// ``Members``) and returns the id the database numbered them with.
    @discardableResult
    static func insert(
        username: String, displayName: String, bio: String, passwordHash: String, createdAt: Date, into db: SQLConnection
    ) async throws -> Int64 {
        try await db.insertReturningID(
            "INSERT INTO \"user\" (username, displayName, bio, passwordHash, createdAt) VALUES (?, ?, ?, ?, ?) RETURNING id",
            [username, displayName, bio, passwordHash, createdAt])
    }
}
