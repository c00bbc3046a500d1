import Foundation
import Tessera

// MARK: - Photo

/// A picture in the gallery: the table `photo` as `demo.community.v1` made it, with the index
/// on `createdAt` `demo.list-order.v2` added (`migrate --plan` finds nothing to change).
@Model(table: "photo")
public struct Photo: Codable, ColumnOrderedRecord, Sendable, Equatable {
    public static let databaseTableName = "photo"

    public var id: Int64
    @Column(references: User.self, onDelete: .cascade) public var userID: Int64
    public var title: String
    /// Its URL under `Public/` (`/photos/photo-3.svg`).
    public var url: String
    @Column(.indexed) public var createdAt: Date
}

// MARK: - Queries

extension Photo {
    /// Every photo, newest first, the later id first among photos of the same time.
    static var newestFirst: ModelQuery<Photo> { order(by: \.createdAt, .descending).order(by: \.id, .descending) }
}

// MARK: - Inserting

extension Photo {
    /// Stores a new photo (for the seed and fixtures) and returns the id the database numbered
    /// it with.
    @discardableResult
    static func insert(userID: Int64, title: String, url: String, createdAt: Date, into db: SQLConnection) async throws -> Int64 {
        try await Photo(id: 0, userID: userID, title: title, url: url, createdAt: createdAt).insert(in: db)
    }
}
