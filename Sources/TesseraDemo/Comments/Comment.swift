import Foundation
import Tessera

// MARK: - Comment

/// A member's comment on a published post: the table `comment` as `demo.comments.v1` made it
/// (`migrate --plan` finds nothing to change). Its index on `(blogID, createdAt)`, a post's
/// comments newest first, is the migrations' own (`comment_by_blogID_createdAt`).
@Model(table: "comment")
public struct Comment: Codable, ColumnOrderedRecord, Sendable, Equatable {
    public static let databaseTableName = "comment"

    /// The comment form's one field; its raw value is the input's name.
    public enum Field: String, CaseIterable, Sendable {
        case text
    }

    /// The comment field: up to 2,000 characters (8,000 bytes), several lines, trimmed.
    public static let textField = TextField("text", maxScalars: 2000, lines: .multiple)

    public var id: Int64
    @Column(references: Blog.self, onDelete: .cascade) public var blogID: Int64
    @Column(references: User.self, onDelete: .cascade) public var userID: Int64
    @Column(.length(max: Comment.textField.maxScalars)) public var body: String
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
        try await Comment(id: 0, blogID: blogID, userID: userID, body: body, createdAt: createdAt).insert(in: db)
    }
}

// MARK: - CommentItem

/// A comment with its author's name, ready for a list.
struct CommentItem: Sendable, Equatable {
    let comment: Comment
    let authorName: String
}
