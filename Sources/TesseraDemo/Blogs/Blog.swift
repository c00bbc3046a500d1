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
}

// MARK: - BlogAuthorship

extension Blog {
    /// Whether `userID` wrote this blog.
    public func isWritten(by userID: Int64?) -> Bool { userID == self.userID }
}
