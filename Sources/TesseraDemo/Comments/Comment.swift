import Foundation
import Tessera

// MARK: - Comment

/// A member's comment on a published post.
@SQLRecord
public struct Comment: Codable, ColumnOrderedRecord, Sendable, Equatable {
    public static let databaseTableName = "comment"

    /// The comment form's one field; its raw value is the input's name.
    public enum Field: String, CaseIterable, Sendable {
        case text
    }

    /// The comment field: up to 2,000 characters (8,000 bytes), several lines, trimmed.
    public static let textField = TextField("text", maxScalars: 2000, lines: .multiple)

    public var id: Int64
    public var blogID: Int64
    public var userID: Int64
    public var body: String
    public var createdAt: Date

    /// What is wrong with `text` as a comment, or nil: it needs something besides whitespace,
    /// and must keep ``textField``'s limits.
    public static func problem(with text: String) -> String? {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "Write something before posting." }
        return textField.check(text).problem
    }
}

// MARK: - Inserting

extension Comment {
    /// Stores a new comment (for the seed and fixtures) and returns the id the database
    /// numbered it with.
    @discardableResult
    static func insert(blogID: Int64, userID: Int64, body: String, createdAt: Date, into db: SQLConnection) async throws -> Int64 {
        try await db.insertReturningID(
            "INSERT INTO comment (blogID, userID, body, createdAt) VALUES (?, ?, ?, ?) RETURNING id", [blogID, userID, body, createdAt])
    }
}

// MARK: - CommentItem

/// A comment with its author's name, ready for a list.
struct CommentItem: Sendable, Equatable {
    let comment: Comment
    let authorName: String
}
