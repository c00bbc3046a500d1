import Foundation
import GRDB

// MARK: - User

/// A member of the community.
public struct User: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
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

extension User {
    /// Decodes a row by column name (faster than the `Codable` decoder on every page).
    public init(row: Row) throws {
        id = row["id"]
        username = row["username"]
        displayName = row["displayName"]
        bio = row["bio"]
        passwordHash = row["passwordHash"]
        createdAt = row["createdAt"]
    }
}
