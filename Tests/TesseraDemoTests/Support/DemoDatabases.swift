import Foundation
import Tessera
import TesseraTesting

@testable import TesseraDemo

// MARK: - DemoDatabases

/// The demo's store tests run on every database Tessera supports (``TestDatabases``): a new
/// SQLite file, then a new PostgreSQL database when `TESSERA_TEST_POSTGRES` names a server.
enum DemoDatabases {
    /// Runs `body` on each database, migrated and seeded as a first run is (``DemoSeed``), with
    /// the stores' view of it (counted into a throwaway counter).
    static func seeded(_ body: (CountingDatabase) async throws -> Void) async throws {
        try await TestDatabases.each(migrations: { migrations in
            let app = DemoApp()
            app.migrations(&migrations)
            migrations.register(app.seedIdentifier) { db in try await app.seed(db) }
        }) { database in
            try await body(database.counting(into: QueryCounter()))
        }
    }

    /// Runs `body` on each database, migrated but empty.
    static func empty(_ body: (CountingDatabase) async throws -> Void) async throws {
        try await TestDatabases.each(migrations: { DemoApp().migrations(&$0) }) { database in
            try await body(database.counting(into: QueryCounter()))
        }
    }

    /// The columns of `table`, in the table's order, as the database reports them (PostgreSQL
    /// folds unquoted names to lower case).
    static func columns(of table: String, in db: SQLConnection) async throws -> [String] {
        let sql =
            switch db.dialect {
            case .sqlite: "SELECT name FROM pragma_table_info(?) ORDER BY cid"
            case .postgres:
                "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position"
            }
        return try await db.fetchValues(String.self, sql, [table])
    }

    /// How many rows `sql` (a `SELECT COUNT(*)`) counts.
    static func count(_ sql: String, _ arguments: SQLArguments = [], in database: CountingDatabase) async throws -> Int {
        try await database.read { db in try await db.fetchValue(Int.self, sql, arguments) ?? -1 }
    }

    /// Runs `body` `times` times at once, each in a task of its own, and returns the results in
    /// the order the runs were started.
    static func concurrently<T: Sendable>(_ times: Int, _ body: @escaping @Sendable (Int) async throws -> T) async throws -> [T] {
        try await withThrowingTaskGroup(of: (Int, T).self) { group in
            for index in 0..<times { group.addTask { (index, try await body(index)) } }
            var results: [(Int, T)] = []
            for try await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}
