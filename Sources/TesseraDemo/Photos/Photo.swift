import Foundation
import Tessera

// MARK: - Photo

/// A picture in the gallery.
public struct Photo: Codable, ColumnOrderedRecord, Sendable, Equatable {
    public static let databaseTableName = "photo"

    public var id: Int64
    public var userID: Int64
    public var title: String
    /// Its URL under `Public/` (`/photos/photo-3.svg`).
    public var url: String
    public var createdAt: Date
}

// MARK: - Decoding

extension Photo {
    /// The columns ``init(row:)`` reads, by position (``ColumnOrderedRecord``).
    public static let columnOrder = ["id", "userID", "title", "url", "createdAt"]

    /// Decodes a row whose first columns are ``columnOrder``.
    public init(row: SQLRow) throws {
        id = try row[0]
        userID = try row[1]
        title = try row[2]
        url = try row[3]
        createdAt = try row[4]
    }
}

// MARK: - Inserting

extension Photo {
    /// Stores a new photo (for the seed and fixtures) and returns the id the database numbered
    /// it with.
    @discardableResult
    static func insert(userID: Int64, title: String, url: String, createdAt: Date, into db: SQLConnection) async throws -> Int64 {
        try await db.insertReturningID(
            "INSERT INTO photo (userID, title, url, createdAt) VALUES (?, ?, ?, ?) RETURNING id", [userID, title, url, createdAt])
    }
}
