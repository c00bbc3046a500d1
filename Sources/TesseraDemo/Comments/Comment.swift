import Foundation
import GRDB

// MARK: - Comment

/// A member's comment on a published post.
public struct Comment: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "comment"

    /// The longest comment allowed, in characters.
    public static let maxLength = 2000

    public var id: Int64
    public var blogID: Int64
    public var userID: Int64
    public var body: String
    public var createdAt: Date

    /// What is wrong with `text` as a comment, or nil: it needs something besides whitespace,
    /// and at most ``maxLength`` characters.
    public static func problem(with text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "Write something before posting." }
        if trimmed.count > maxLength { return "Keep it to \(maxLength) characters or fewer (this one has \(trimmed.count))." }
        return nil
    }
}

// MARK: - CommentItem

/// A comment with its author's name, ready for a list.
struct CommentItem: Sendable, Equatable {
    let comment: Comment
    let authorName: String
}
