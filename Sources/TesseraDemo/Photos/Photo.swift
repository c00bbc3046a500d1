import Foundation
import GRDB

// MARK: - Photo

/// A picture in the gallery.
public struct Photo: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "photo"

    public var id: Int64
    public var userID: Int64
    public var title: String
    /// Its URL under `Public/` (`/photos/photo-3.svg`).
    public var url: String
    public var createdAt: Date
}

extension Photo {
    /// Decodes a row by column name (faster than the `Codable` decoder on every page).
    public init(row: Row) throws {
        id = row["id"]
        userID = row["userID"]
        title = row["title"]
        url = row["url"]
        createdAt = row["createdAt"]
    }
}
