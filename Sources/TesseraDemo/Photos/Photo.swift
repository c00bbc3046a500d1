import Foundation
import GRDB

// MARK: - Photo

/// A picture in the gallery.
public struct Photo: Codable, ColumnOrderedRecord, PersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "photo"

    public var id: Int64
    public var userID: Int64
    public var title: String
    /// Its URL under `Public/` (`/photos/photo-3.svg`).
    public var url: String
    public var createdAt: Date
}

extension Photo {
    /// The columns ``init(row:)`` reads, by position (``ColumnOrderedRecord``).
    public static let columnOrder = ["id", "userID", "title", "url", "createdAt"]

    /// Decodes a row whose first columns are ``columnOrder``.
    public init(row: Row) throws {
        id = row[0]
        userID = row[1]
        title = row[2]
        url = row[3]
        createdAt = try row.date(atIndex: 4)
    }
}
