import Foundation
import GRDB
import Testing

@testable import Tessera

/// Pages read synchronously through their own read-only connections: each read is one
/// snapshot, a failed read leaves its connection clean, and more readers than connections all
/// finish.
@Suite("Page reads")
struct PageReaderTests {
    // MARK: - Fixture

    /// A fresh database with one table `n(value)` holding the row 1, and a view counting into a
    /// new counter.
    private func makeDatabase() throws -> (TesseraDatabase, CountingDatabase) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-page-reads-\(UUID().uuidString)")
        let database = try TesseraDatabase(path: folder.appendingPathComponent("p.sqlite").path) { migrator in
            migrator.registerMigration("n") { db in
                try db.execute(sql: "CREATE TABLE n (value INTEGER NOT NULL); INSERT INTO n VALUES (1)")
            }
        }
        return (database, database.counting(into: QueryCounter()))
    }

    // MARK: - Tests

    @Test("a page read sees one snapshot, even when a write commits in the middle of it")
    func readIsOneSnapshot() async throws {
        let (database, page) = try makeDatabase()
        let pool = database.pool
        let seen = try await page.read { db in
            let before = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM n")
            try pool.write { try $0.execute(sql: "INSERT INTO n VALUES (2)") }
            let after = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM n")
            return [before, after]
        }
        #expect(seen == [1, 1])
        #expect(try await page.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM n") } == 2)
    }

    @Test("a read that throws ends its snapshot, and its connection sees later writes")
    func failedReadLeavesConnectionClean() async throws {
        let (database, page) = try makeDatabase()
        for _ in 0..<8 {  // more than there are connections, so every one has failed once
            await #expect(throws: DatabaseError.self) {
                try await page.read { try Int.fetchOne($0, sql: "SELECT missing FROM n") }
            }
        }
        try await database.pool.write { try $0.execute(sql: "INSERT INTO n VALUES (2)") }
        for _ in 0..<8 {
            #expect(try await page.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM n") } == 2)
        }
    }

    @Test("a page read cannot write")
    func readCannotWrite() async throws {
        let (_, page) = try makeDatabase()
        await #expect(throws: DatabaseError.self) {
            try await page.read { try $0.execute(sql: "INSERT INTO n VALUES (3)") }
        }
        #expect(try await page.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM n") } == 1)
    }

    @Test("many more concurrent readers than connections all finish, each counted once")
    func readersBeyondConnectionsFinish() async throws {
        let (database, _) = try makeDatabase()
        let counter = QueryCounter()
        let page = database.counting(into: counter)
        let sums = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<64 {
                group.addTask { try await page.read { try Int.fetchOne($0, sql: "SELECT SUM(value) FROM n") ?? 0 } }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(sums.count == 64 && sums.allSatisfy { $0 == 1 })
        #expect(counter.value == 64, "BEGIN and COMMIT are not the app's statements")
    }
}
