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
    public init(row: Row) throws { try self.init(row: row, startingAt: 0) }

    /// Decodes ``columnOrder`` from `row`'s columns `start...` (a row that joins other tables).
    init(row: Row, startingAt start: Int) throws {
        id = row[start]
        username = row[start + 1]
        displayName = row[start + 2]
        bio = row[start + 3]
        passwordHash = row[start + 4]
        createdAt = try row.date(atIndex: start + 5)
    }
}
