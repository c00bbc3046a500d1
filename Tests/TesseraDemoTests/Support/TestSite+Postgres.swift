import Foundation
import Tessera
import TesseraTesting
import Testing

// MARK: - The site on PostgreSQL

extension TestSite {
    /// Runs `body` with a site (as ``init(reusingFragments:databaseURL:)`` makes it, migrated and
    /// seeded) on a new PostgreSQL database on the server `TESSERA_TEST_POSTGRES` names, then
    /// drops the database. Does nothing when the variable is not set (``TestDatabases`` says
    /// the PostgreSQL runs were skipped).
    static func onPostgres(_ body: (TestSite) async throws -> Void) async throws {
        try await TestDatabases.withNewPostgresDatabase { url in
            let site = try await TestSite(databaseURL: url)
            defer { site.site.database.close() }
            #expect(site.site.database.dialect == .postgres)
            try await body(site)
        }
    }

    /// Runs `body` with a new site on SQLite, then with one on a new PostgreSQL database (when
    /// one is configured), each migrated and seeded.
    static func onEachDatabase(_ body: (TestSite) async throws -> Void) async throws {
        try await body(try await TestSite())
        try await onPostgres(body)
    }

    /// Runs `body` with two sites on one database, as two processes sharing it: on a new SQLite
    /// file, then on a new PostgreSQL database (when one is configured).
    static func onTwoProcesses(_ body: (_ first: TestSite, _ second: TestSite) async throws -> Void) async throws {
        let first = try await TestSite()
        try await body(first, try await TestSite(reopening: first))
        try await onPostgres { site in
            let second = try await TestSite(databaseURL: site.configuration.databasePath)
            defer { second.site.database.close() }
            try await body(site, second)
        }
    }
}
