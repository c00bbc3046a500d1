import GRDB
import Tessera

// MARK: - PhotoStore

/// The gallery.
struct PhotoStore {
    let database: CountingDatabase

    /// The newest photos, at most `limit`, skipping the `offset` newest. One query.
    func latest(limit: Int, offset: Int = 0) async throws -> [Photo] {
        guard limit > 0 else { return [] }
        return try await database.read { db in
            try Photo.order(Column("createdAt").desc, Column("id").desc).limit(limit, offset: offset).fetchAll(db)
        }
    }

    /// Every photo, newest first. One query.
    func all() async throws -> [Photo] {
        try await database.read { db in try Photo.order(Column("createdAt").desc, Column("id").desc).fetchAll(db) }
    }

    /// The photo with `id`, or nil.
    func photo(_ id: Int64) async throws -> Photo? {
        try await database.read { db in try Photo.fetchOne(db, key: id) }
    }
}
