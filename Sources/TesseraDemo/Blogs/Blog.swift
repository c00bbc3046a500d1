import Foundation
import GRDB

// MARK: - Blog

/// A published post. Trashed posts keep their row with `trashedAt` set until deleted forever.
public struct Blog: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "blog"

    public var id: Int64
    public var userID: Int64
    public var title: String
    public var body: String
    /// How many users like it; kept equal to the `like` rows in the same transaction.
    public var likeCount: Int
    public var createdAt: Date
    public var trashedAt: Date?

    /// The first sentence-ish of the body, for lists.
    public var excerpt: String {
        let flat = body.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count <= 160 ? flat : String(flat.prefix(157)) + "…"
    }

    /// The body's paragraphs: blocks separated by blank lines, trimmed, empty ones dropped.
    public var paragraphs: [String] {
        body.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}

// MARK: - BlogAuthorship

extension Blog {
    /// Whether `userID` wrote this blog.
    public func isWritten(by userID: Int64?) -> Bool { userID == self.userID }
}
