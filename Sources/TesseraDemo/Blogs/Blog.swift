import Foundation
import GRDB
import Tessera

// MARK: - Blog

/// A published post. Trashed posts keep their row with `trashedAt` set until deleted forever.
public struct Blog: Codable, ColumnOrderedRecord, PersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "blog"

    public var id: Int64
    public var userID: Int64
    public var title: String
    public var body: String
    /// How many users like it; kept equal to the `like` rows in the same transaction.
    public var likeCount: Int
    public var createdAt: Date
    public var trashedAt: Date?

    /// The start of the body on one line, for lists: at most 160 scalars (``TextExcerpt``).
    public var excerpt: String {
        TextExcerpt.line(body, maxScalars: 160)
    }

    /// The body's paragraphs: blocks separated by blank lines, trimmed, empty ones dropped.
    public var paragraphs: [String] {
        TextParagraphs.split(body)
    }
}

// MARK: - BlogAuthorship

extension Blog {
    /// Whether `userID` wrote this blog.
    public func isWritten(by userID: Int64?) -> Bool { userID == self.userID }
}

// MARK: - Decoding

extension Blog {
    /// The columns ``init(row:)`` reads, by position (``ColumnOrderedRecord``).
    public static let columnOrder = ["id", "userID", "title", "body", "likeCount", "createdAt", "trashedAt"]

    /// Decodes a row whose first columns are ``columnOrder``.
    public init(row: Row) throws {
        id = row[0]
        userID = row[1]
        title = row[2]
        body = row[3]
        likeCount = row[4]
        createdAt = try row.date(atIndex: 5)
        trashedAt = try row.dateIfPresent(atIndex: 6)
    }
}
