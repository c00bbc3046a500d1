import Foundation
import Tessera

// MARK: - User

/// A member of the community: the table `user`, as `demo.community.v1` made it and
/// `demo.members.v2-email` added to (`migrate --plan` finds nothing to change).
///
/// The table keeps `username` unique (its own constraint) and `email` unique (the index
/// `user_email`), which sign-up and the address pages check through ``Members``; the model
/// declares no index of its own, so its plan leaves those as the migrations made them. It is
/// not in the back office: its rows hold password hashes.
@Model(table: "user")
public struct User: Codable, ColumnOrderedRecord, Sendable, Equatable {
    public static let databaseTableName = "user"

    public var id: Int64
    /// The sign-in name: lowercase letters, digits, `-`.
    public var username: String
    /// The name shown on pages.
    public var displayName: String
    /// A short text about them.
    @Column(.allowsEmpty) public var bio: String
    /// bcrypt hash of the password.
    public var passwordHash: String
    public var createdAt: Date
    /// A confirmed address, for password resets (``MemberTable/email``); nil for none.
    public var email: String? = nil
}

// MARK: - Inserting

extension User {
    /// Stores a new member (for the seed and fixtures; sign-up goes through Tessera's
    /// ``Members``) and returns the id the database numbered them with.
    @discardableResult
    static func insert(
        username: String, displayName: String, bio: String, passwordHash: String, createdAt: Date, into db: SQLConnection
    ) async throws -> Int64 {
        try await User(id: 0, username: username, displayName: displayName, bio: bio, passwordHash: passwordHash, createdAt: createdAt)
            .insert(in: db)
    }
}
