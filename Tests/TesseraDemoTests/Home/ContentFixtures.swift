import Foundation
import GRDB
import Hummingbird

@testable import Tessera
@testable import TesseraDemo

/// Helpers shared by the home, blog and photo tests: database peeks and a request scope for
/// loading components outside HTTP.
enum ContentFixtures {
    /// Blog `id` as stored, trashed or not.
    static func storedBlog(_ id: Int64, in site: TestSite) async throws -> Blog? {
        try await site.site.database.pool.read { db in try Blog.fetchOne(db, key: id) }
    }

    /// How many `like` rows blog `id` has.
    static func likeRows(_ id: Int64, in site: TestSite) async throws -> Int {
        try await site.site.database.pool.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"like\" WHERE blogID = ?", arguments: [id]) ?? 0
        }
    }

    /// Runs `sql` on the test database (to empty tables before a test).
    static func execute(_ sql: String, in site: TestSite) async throws {
        try await site.site.database.pool.write { db in try db.execute(sql: sql) }
    }

    /// How many times `needle` occurs in `text`.
    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

}
