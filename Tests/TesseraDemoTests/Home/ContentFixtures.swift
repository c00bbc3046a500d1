import Foundation
import Hummingbird

import Tessera
@testable import TesseraDemo

/// Helpers shared by the home, blog and photo tests: database peeks and a request scope for
/// loading components outside HTTP.
enum ContentFixtures {
    /// Blog `id` as stored, trashed or not.
    static func storedBlog(_ id: Int64, in site: TestSite) async throws -> Blog? {
        try await site.site.database.read { db in
            try await db.fetchOne(Blog.self, "SELECT \(Blog.columns) FROM blog WHERE id = ?", [id])
        }
    }

    /// How many `like` rows blog `id` has.
    static func likeRows(_ id: Int64, in site: TestSite) async throws -> Int {
        try await site.site.database.read { db in
            try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM \"like\" WHERE blogID = ?", [id]) ?? 0
        }
    }

    /// Runs `sql`, one statement, on the test database (to empty tables before a test).
    static func execute(_ sql: String, _ arguments: SQLArguments = [], in site: TestSite) async throws {
        try await site.site.database.write { db in try await db.execute(sql, arguments) }
    }

    /// How many times `needle` occurs in `text`.
    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

}
