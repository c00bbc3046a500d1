import Foundation
import Tessera

// MARK: - Blog

/// A published post. Trashed posts keep their row with `trashedAt` set until deleted forever.
@SQLRecord
public struct Blog: Codable, ColumnOrderedRecord, Sendable, Equatable {
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

// MARK: - Inserting

extension Blog {
    /// Stores a new blog (for the seed and fixtures) and returns the id the database numbered
    /// it with.
    @discardableResult
    static func insert(
        userID: Int64, title: String, body: String, likeCount: Int = 0, createdAt: Date, trashedAt: Date? = nil,
        into db: SQLConnection
    ) async throws -> Int64 {
        try await db.insertReturningID(
            "INSERT INTO blog (userID, title, body, likeCount, createdAt, trashedAt) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            [userID, title, body, likeCount, createdAt, trashedAt])
    }
}
