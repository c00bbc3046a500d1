import GRDB
import Tessera

// MARK: - PhotoStore

/// The gallery.
struct PhotoStore {
    let database: CountingDatabase

    /// The newest photos, at most `limit`.
    func latest(limit: Int) async throws -> [Photo] {
        try await database.read { db in try Photo.order(Column("createdAt").desc, Column("id").desc).limit(limit).fetchAll(db) }
    }
}
