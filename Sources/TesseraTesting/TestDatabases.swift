import Foundation
import Tessera
import Synchronization

// MARK: - TestDatabases

/// Runs a store test on every database Tessera supports: a new SQLite file, then a new
/// PostgreSQL database on the server `TESSERA_TEST_POSTGRES` names
/// (`postgres://USER@HOST:PORT/DB`; each run creates a database of its own there and drops it
/// after). Without that variable, or in an app built without Tessera's `PostgreSQL` trait, the
/// PostgreSQL runs are skipped, and the first skip prints a line saying why.
///
/// ```swift
/// try await TestDatabases.each(migrations: { BookClub().migrations(&$0) }) { database in
///     let store = BookStore(database: database.counting(into: QueryCounter()))
///     #expect(try await store.books().count == 0)
/// }
/// ```
public enum TestDatabases {
    /// The PostgreSQL server the PostgreSQL runs use: `TESSERA_TEST_POSTGRES`, or nil.
    public static var postgresServer: String? {
        let value = ProcessInfo.processInfo.environment["TESSERA_TEST_POSTGRES"] ?? ""
        return value.isEmpty ? nil : value
    }

    /// Runs `body` on a new migrated SQLite database, then (when configured) on a new migrated
    /// PostgreSQL database, each removed afterwards. `migrations` registers the app's steps
    /// (default none: Tessera's own tables only). An error names the database it came from.
    public static func each(
        migrations: (inout Migrations) -> Void = { _ in },
        _ body: (TesseraDatabase) async throws -> Void
    ) async throws {
        try await onSQLite(migrations: migrations, body)
        try await onPostgres(migrations: migrations, body)
    }

    /// Runs `body` on a new migrated SQLite database in a temporary folder, then deletes it.
    public static func onSQLite(migrations: (inout Migrations) -> Void = { _ in }, _ body: (TesseraDatabase) async throws -> Void)
        async throws
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try await TesseraDatabase.open(path: folder.appendingPathComponent("test.sqlite").path, migrations: migrations)
        try await labelled("SQLite") { try await body(database) }
    }

    /// Runs `body` on a new migrated PostgreSQL database, then drops it; does nothing (and says
    /// so once) when ``postgresServer`` is not set or the app has no PostgreSQL.
    public static func onPostgres(migrations: (inout Migrations) -> Void = { _ in }, _ body: (TesseraDatabase) async throws -> Void)
        async throws
    {
        try await withNewPostgresDatabase { url in
            let database = try await TesseraDatabase.open(try DatabaseLocation(url), migrations: migrations)
            defer { database.close() }
            try await labelled("PostgreSQL") { try await body(database) }
        }
    }

    /// Runs `body` with the location of a new, empty SQLite file, then (when configured) of a
    /// new, empty PostgreSQL database: for tests that open a database more than once (two
    /// processes on one database, a reopening). Each is removed afterwards.
    public static func eachLocation(_ body: (DatabaseLocation) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await labelled("SQLite") { try await body(.sqlite(path: folder.appendingPathComponent("test.sqlite").path)) }
        try await withNewPostgresDatabase { url in
            try await labelled("PostgreSQL") { try await body(try DatabaseLocation(url)) }
        }
    }

    /// Runs `body` with the URL of a new, empty database on ``postgresServer``, then drops the
    /// database (whether `body` threw or not); does nothing, and says once that PostgreSQL was
    /// skipped, when no server is configured or the app has no PostgreSQL.
    public static func withNewPostgresDatabase(_ body: (String) async throws -> Void) async throws {
        guard let url = try await newPostgresDatabase() else { return }
        do {
            try await body(url)
        } catch {
            try? await dropPostgresDatabase(url)
            throw error
        }
        try? await dropPostgresDatabase(url)
    }

    /// A new empty database on ``postgresServer`` (its URL), or nil when none is configured or
    /// the app is built without PostgreSQL.
    public static func newPostgresDatabase() async throws -> String? {
        guard let server = postgresServer else {
            reportSkip("set TESSERA_TEST_POSTGRES=postgres://USER@HOST:PORT/DB to run them")
            return nil
        }
        guard PostgresDatabases.isAvailable else {
            reportSkip("this app is built without Tessera's \"PostgreSQL\" trait (traits: [\"PostgreSQL\"] in Package.swift)")
            return nil
        }
        let name = "tessera_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return try await PostgresDatabases.create(name, on: server)
    }

    /// Drops a database ``newPostgresDatabase()`` made.
    public static func dropPostgresDatabase(_ url: String) async throws {
        guard let server = postgresServer, let name = url.split(separator: "/").last?.split(separator: "?").first else { return }
        try await PostgresDatabases.drop(String(name), on: server)
    }

    // MARK: - Private

    private static let skipReported = Mutex(false)

    private static func reportSkip(_ reason: String) {
        let first = skipReported.withLock { reported in
            defer { reported = true }
            return !reported
        }
        if first {
            FileHandle.standardError.write(
                Data("◇ PostgreSQL runs of the store tests skipped: \(reason).\n".utf8))
        }
    }

    /// Runs `body`, naming `database` in any error it throws.
    private static func labelled(_ database: String, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            throw OnDatabase(database: database, error: error)
        }
    }

    /// An error from a run on one database.
    public struct OnDatabase: Error, CustomStringConvertible {
        public let database: String
        public let error: any Error
        public var description: String { "on \(database): \(error)" }
    }
}
