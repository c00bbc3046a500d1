import Foundation
import Tessera

// MARK: - Photo

/// A picture in the gallery.
@SQLRecord
public struct Photo: Codable, ColumnOrderedRecord, Sendable, Equatable {
    public static let databaseTableName = "photo"

    public var id: Int64
    public var userID: Int64
    public var title: String
    /// Its URL under `Public/` (`/photos/photo-3.svg`).
    public var url: String
    public var createdAt: Date
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
