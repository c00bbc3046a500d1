import Foundation
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraSQL

/// A change marks the rows it touched and the rows they reference (``RowKey``), in the writing
/// transaction, and another process reads the marks with its next look: what was read about one
/// row stays fresh while other rows of the same tables change. On SQLite and PostgreSQL.
@Suite("Row changes")
struct RowChangesTests {
    private static func schedule(_ steps: inout Migrations) {
        steps.register("schedule") { db in
            let key = db.dialect.autoIncrementPrimaryKey
            try await db.execute("CREATE TABLE klass (id \(key), name TEXT NOT NULL)")
            try await db.execute(
                "CREATE TABLE booking (id \(key), klassID BIGINT NOT NULL REFERENCES klass (id) ON DELETE CASCADE, name TEXT NOT NULL)")
            try await db.execute("CREATE TABLE note (body TEXT NOT NULL)")
            for name in ["salsa", "tango", "waltz"] { try await db.execute("INSERT INTO klass (name) VALUES (?)", [name]) }
        }
    }

    /// Runs `body` on each database with two openings of it, as two server processes: one
    /// writes, the other reads what changed.
    private static func onTwoProcesses(_ body: @escaping @Sendable (_ reader: TesseraDatabase, _ writer: TesseraDatabase) async throws -> Void)
        async throws
    {
        try await TestDatabases.eachLocation { location in
            let reader = try await TesseraDatabase.open(location, migrations: schedule)
            let writer = try await TesseraDatabase.open(location, migrations: schedule)
            defer {
                reader.close()
                writer.close()
            }
            try await body(reader, writer)
        }
    }

    /// The tables `names` as the reader's catalog numbers them.
    private static func tables(_ names: [String], in database: TesseraDatabase) async throws -> TableSet {
        let counter = QueryCounter()
        _ = try await database.counting(into: counter).read { db in
            try await db.fetchAll("SELECT 1 FROM " + names.joined(separator: ", ") + " WHERE 1 = 0") { _ in 0 }
        }
        return counter.reads
    }

    @Test("a booking marks its class: what was read about another class stays fresh, about its own it does not")
    func bookingMarksItsClass() async throws {
        try await Self.onTwoProcesses { reader, writer in
            try await reader.refreshFromOtherConnections()
            let reads = try await Self.tables(["klass", "booking"], in: reader)
            let since = reader.currentGeneration
            try await writer.write { db in try await db.execute("INSERT INTO booking (klassID, name) VALUES (2, 'Ada')") }
            try await reader.refreshFromOtherConnections()
            let versions = reader.currentVersions
            #expect(!versions.isUnchanged(reads, since: since), "the tables changed")
            #expect(reader.isUnchanged(RowKey(table: "klass", key: "1"), reads: reads, since: since, in: versions))
            #expect(reader.isUnchanged(RowKey(table: "klass", key: "3"), reads: reads, since: since, in: versions))
            #expect(!reader.isUnchanged(RowKey(table: "klass", key: "2"), reads: reads, since: since, in: versions))
        }
    }

    @Test("a booking moved between classes marks both; a deleted one marks its class; a class's own row marks it")
    func updatesAndDeletesMarkOldAndNewRows() async throws {
        try await Self.onTwoProcesses { reader, writer in
            try await writer.write { db in try await db.execute("INSERT INTO booking (klassID, name) VALUES (1, 'Ada')") }
            try await reader.refreshFromOtherConnections()
            let reads = try await Self.tables(["klass", "booking"], in: reader)
            func changed(after since: UInt64) -> [String] {
                let versions = reader.currentVersions
                return ["1", "2", "3"].filter { !reader.isUnchanged(RowKey(table: "klass", key: $0), reads: reads, since: since, in: versions) }
            }
            var since = reader.currentGeneration
            try await writer.write { db in try await db.execute("UPDATE booking SET klassID = 3 WHERE klassID = 1") }
            try await reader.refreshFromOtherConnections()
            #expect(changed(after: since) == ["1", "3"])
            since = reader.currentGeneration
            try await writer.write { db in try await db.execute("DELETE FROM booking") }
            try await reader.refreshFromOtherConnections()
            #expect(changed(after: since) == ["3"])
            since = reader.currentGeneration
            try await writer.write { db in try await db.execute("UPDATE klass SET name = 'bolero' WHERE id = 2") }
            try await reader.refreshFromOtherConnections()
            #expect(changed(after: since) == ["2"])
        }
    }

    @Test("a change to a table that marks no row of the class's (no reference to it) makes what read it stale, whatever the row")
    func unmarkedTablesCountWhole() async throws {
        try await Self.onTwoProcesses { reader, writer in
            try await reader.refreshFromOtherConnections()
            let reads = try await Self.tables(["klass", "note"], in: reader)
            let since = reader.currentGeneration
            try await writer.write { db in try await db.execute("INSERT INTO note (body) VALUES ('hello')") }
            try await reader.refreshFromOtherConnections()
            #expect(!reader.isUnchanged(RowKey(table: "klass", key: "1"), reads: reads, since: since, in: reader.currentVersions))
            #expect(reader.marksRows(of: "klass") && reader.marksRows(of: "KLASS") && !reader.marksRows(of: "note"))
        }
    }

    @Test("what was read before a process began to look is not known unchanged; past the limit, only what follows is known")
    func nothingIsKnownBeforeTheFirstLook() {
        let changes = RowChanges()
        let klass = RowKey(table: "klass", key: "1")
        #expect(!changes.isUnchanged(klass, since: 9), "no look yet")
        changes.raise([("klass:1", 4)], lookedAt: 5)
        #expect(!changes.isUnchanged(klass, since: 4), "read before the first look")
        #expect(changes.isUnchanged(klass, since: 5), "the first look's marks are not read: from it on, all is known")
        changes.raise([("klass:1", 7), ("klass:*", 6)], lookedAt: 7)
        #expect(!changes.isUnchanged(klass, since: 6) && changes.isUnchanged(klass, since: 7))
        #expect(!changes.isUnchanged(RowKey(table: "KLASS", key: "2"), since: 5), "a truncation marks every row")
        changes.raise((0...RowChanges.limit).map { ("booking:\($0)", 8) }, lookedAt: 8)
        #expect(!changes.isUnchanged(klass, since: 7) && changes.isUnchanged(klass, since: 8), "forgotten past the limit")
    }
}
