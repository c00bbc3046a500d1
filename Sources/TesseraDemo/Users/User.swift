import Foundation
import GRDB

// MARK: - User

/// A member of the community.
public struct User: Codable, ColumnOrderedRecord, PersistableRecord, Sendable, Equatable {
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
    /// The columns ``init(row:)`` reads, by position (``ColumnOrderedRecord``).
    public static let columnOrder = ["id", "username", "displayName", "bio", "passwordHash", "createdAt"]

    /// Decodes a row whose first columns are ``columnOrder``.
    public init(row: Row) throws {
        id = row[0]
        username = row[1]
        displayName = row[2]
        bio = row[3]
        passwordHash = row[4]
        createdAt = try row.date(atIndex: 5)
    }
}
