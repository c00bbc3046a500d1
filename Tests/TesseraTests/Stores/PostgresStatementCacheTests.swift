import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Reads on PostgreSQL run as prepared statements, parsed once per connection, and stay correct
/// when arguments change type or a table changes shape.
@Suite("Prepared statements on PostgreSQL")
struct PostgresStatementCacheTests {
    private static func notes(_ steps: inout Migrations) {
        steps.register("notes") { db in
            try await db.execute("CREATE TABLE note (n INTEGER, text TEXT NOT NULL)")
            try await db.execute("INSERT INTO note (n, text) VALUES (7, 'seven'), (NULL, 'none')")
        }
    }

    @Test("a read runs as a statement the connection has prepared")
    func readsArePrepared() async throws {
        try await TestDatabases.onPostgres(migrations: Self.notes) { database in
            let prepared = try await database.read { db -> [String] in
                _ = try await db.fetchValues(String.self, "SELECT text FROM note ORDER BY text")
                return try await db.fetchValues(String.self, "SELECT statement FROM pg_prepared_statements")
            }
            #expect(prepared.contains("SELECT text FROM note ORDER BY text"))
        }
    }

    @Test("one query with a NULL argument, then a number, on an INTEGER column, answers both")
    func argumentTypesGetTheirOwnStatements() async throws {
        try await TestDatabases.onPostgres(migrations: Self.notes) { database in
            let sql = "SELECT text FROM note WHERE n IS NOT DISTINCT FROM ?"
            for _ in 0..<3 {
                let none = try await database.read { try await $0.fetchValues(String.self, sql, [nil as Int64?]) }
                let seven = try await database.read { try await $0.fetchValues(String.self, sql, [Int64(7)]) }
                #expect(none == ["none"])
                #expect(seven == ["seven"])
            }
        }
    }

    @Test("a table altered after its reads were prepared is read in its new shape")
    func alteredTablesAreReadAfresh() async throws {
        try await TestDatabases.onPostgres(migrations: Self.notes) { database in
            let sql = "SELECT * FROM note ORDER BY text"
            func columns() async throws -> [Int] {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<12 {
                        group.addTask { try await database.read { try await $0.fetchOne(sql) { row in row.count } } ?? 0 }
                    }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
            }
            #expect(Set(try await columns()) == [2])
            try await database.write { db in try await db.execute("ALTER TABLE note ADD COLUMN extra TEXT DEFAULT 'x'") }
            #expect(Set(try await columns()) == [3])
            #expect(Set(try await columns()) == [3])
        }
    }
}
