import Foundation
import TesseraTesting

import Tessera
@testable import TesseraDemo

/// Reading what the journeys tests need from pages and the database.
enum Journey {
    /// The first `_once` token in a page's forms.
    static func onceToken(in html: String) -> String {
        html.components(separatedBy: "name=\"_once\" value=\"").dropFirst().first?.prefix(64).description ?? ""
    }

    /// How many rows `sql` (a `SELECT COUNT(*)`) counts.
    static func count(_ sql: String, _ arguments: SQLArguments = [], in site: TestSite) async throws -> Int {
        try await site.site.database.read { db in try await db.fetchValue(Int.self, sql, arguments) ?? 0 }
    }
}
