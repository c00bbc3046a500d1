import Tessera

// MARK: - PhotoStore

/// The gallery.
struct PhotoStore {
    let database: CountingDatabase

    /// The newest photos, at most `limit`, skipping the `offset` newest. One query.
    func latest(limit: Int, offset: Int = 0) async throws -> [Photo] {
        guard limit > 0 else { return [] }
        return try await database.read { db in
            try await db.fetchAll(
                Photo.self, "SELECT \(Photo.columns) FROM photo ORDER BY createdAt DESC, id DESC LIMIT ? OFFSET ?", [limit, offset])
        }
    }

    /// Every photo, newest first. One query.
    func all() async throws -> [Photo] {
        try await database.read { db in
            try await db.fetchAll(Photo.self, "SELECT \(Photo.columns) FROM photo ORDER BY createdAt DESC, id DESC")
        }
    }

    /// The photo with `id`, or nil.
    func photo(_ id: Int64) async throws -> Photo? {
        try await database.read { db in try await db.fetchOne(Photo.self, "SELECT \(Photo.columns) FROM photo WHERE id = ?", [id]) }
    }
}
