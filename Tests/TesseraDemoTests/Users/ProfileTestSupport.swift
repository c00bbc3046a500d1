import Foundation
import GRDB
import Hummingbird
@testable import Tessera
@testable import TesseraDemo

// MARK: - Profile test support

/// Helpers for the profile, drafts and trash tests: direct database access to arrange and
/// check state, and a scope for loading components outside HTTP.
extension TestSite {
    /// The site's database, counted into a throwaway counter.
    var profileDatabase: CountingDatabase { site.database.counting(into: QueryCounter()) }

    /// Adds a member with no posts, drafts or trash; returns their id.
    func addQuietMember(id: Int64 = 7) async throws -> Int64 {
        try await site.database.pool.write { db in
            try User(
                id: id, username: "quiet", displayName: "Quiet Member", bio: "", passwordHash: "x",
                createdAt: DemoSeed.epoch
            ).insert(db)
        }
        return id
    }

    /// The blog with `id` whatever its state, or nil when it is gone.
    func anyBlog(_ id: Int64) async throws -> Blog? {
        try await site.database.pool.read { db in try Blog.fetchOne(db, key: id) }
    }

    /// Every draft, by id.
    func allDrafts() async throws -> [Draft] {
        try await site.database.pool.read { db in try Draft.order(Column("id")).fetchAll(db) }
    }

}
