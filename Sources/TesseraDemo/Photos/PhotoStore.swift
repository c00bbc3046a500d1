import Tessera

// MARK: - PhotoStore

/// The gallery.
struct PhotoStore {
    let database: CountingDatabase

    /// The newest photos, at most `limit`, skipping the `offset` newest. One query.
    func latest(limit: Int, offset: Int = 0) async throws -> [Photo] {
        guard limit > 0 else { return [] }
        return try await database.read { db in try await Photo.newestFirst.limit(limit).offset(offset).all(in: db) }
    }

    /// Every photo, newest first. One query.
    func all() async throws -> [Photo] {
        try await database.read { db in try await Photo.newestFirst.all(in: db) }
    }

    /// The photo with `id`, or nil.
    func photo(_ id: Int64) async throws -> Photo? {
        try await database.read { db in try await Photo.find(id, in: db) }
    }
}
