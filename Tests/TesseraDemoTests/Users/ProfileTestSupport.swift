import Foundation
import Hummingbird
import Tessera
@testable import TesseraDemo

// MARK: - Profile test support

/// Helpers for the profile, drafts and trash tests: direct database access to arrange and
/// check state, and a scope for loading components outside HTTP.
extension TestSite {
    /// The site's database, counted into a throwaway counter.
    var profileDatabase: CountingDatabase { site.database.counting(into: QueryCounter()) }

    /// Adds a member with no posts, drafts or trash; returns the id the database gave them.
    func addQuietMember() async throws -> Int64 {
        try await site.database.write { db in
            try await User.insert(
                username: "quiet", displayName: "Quiet Member", bio: "", passwordHash: "x", createdAt: DemoSeed.epoch, into: db)
        }
    }

    /// The blog with `id` whatever its state, or nil when it is gone.
    func anyBlog(_ id: Int64) async throws -> Blog? {
        try await ContentFixtures.storedBlog(id, in: self)
    }

    /// Every blog, by id.
    func allBlogs() async throws -> [Blog] {
        try await site.database.read { db in try await db.fetchAll(Blog.self, "SELECT \(Blog.columns) FROM blog ORDER BY id") }
    }

    /// Every draft, by id.
    func allDrafts() async throws -> [Draft] {
        try await site.database.read { db in try await db.fetchAll(Draft.self, "SELECT \(Draft.columns) FROM draft ORDER BY id") }
    }

}
