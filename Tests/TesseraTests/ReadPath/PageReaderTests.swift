import Foundation
import GRDB
import Synchronization
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Pages read through their own read-only connections: each read is one snapshot, reused
/// between reads until the process writes or 50 ms pass, a failed read leaves its connection
/// clean, and more readers than connections all finish.
@Suite("Page reads")
struct PageReaderTests {
    // MARK: - Fixture

    /// A fresh database with one table `n(value)` holding the row 1, and a view counting into a
    /// new counter.
    private func makeDatabase() async throws -> (TesseraDatabase, CountingDatabase) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-page-reads-\(UUID().uuidString)")
        let database = try await TesseraDatabase.open(path: folder.appendingPathComponent("p.sqlite").path) { steps in
            steps.register("n") { db in
                try await db.execute("CREATE TABLE n (value INTEGER NOT NULL)")
                try await db.execute("INSERT INTO n VALUES (1)")
            }
        }
        return (database, database.counting(into: QueryCounter()))
    }

    private func count(_ db: SQLConnection) async throws -> Int? {
        try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM n")
    }

    // MARK: - Tests

    @Test("a page read sees one snapshot, even when a write commits in the middle of it")
    func readIsOneSnapshot() async throws {
        let (database, page) = try await makeDatabase()
        let seen = try await page.read { db in
            let before = try await count(db)
            try await database.write { try await $0.execute("INSERT INTO n VALUES (2)") }
            let after = try await count(db)
            return [before, after]
        }
        #expect(seen == [1, 1])
        #expect(try await page.read { try await count($0) } == 2)
    }

    @Test("a read that throws ends its snapshot, and its connection sees later writes")
    func failedReadLeavesConnectionClean() async throws {
        let (database, page) = try await makeDatabase()
        for _ in 0..<8 {  // more than there are connections, so every one has failed once
            await #expect(throws: SQLError.self) {
                try await page.read { try await $0.fetchValue(Int.self, "SELECT missing FROM n") }
            }
        }
        try await database.write { try await $0.execute("INSERT INTO n VALUES (2)") }
        for _ in 0..<8 {
            #expect(try await page.read { try await count($0) } == 2)
        }
    }

    @Test("a reused snapshot still sees every write the process committed before the read", arguments: 1...3)
    func reusedSnapshotSeesOwnWrites(_ writes: Int) async throws {
        let (database, page) = try await makeDatabase()
        for _ in 0..<10 { _ = try await page.read { try await count($0) } }
        for value in 0..<writes {
            try await database.write { try await $0.execute("INSERT INTO n VALUES (?)", [value]) }
        }
        for _ in 0..<10 {  // every connection, each of which held a snapshot from before the writes
            #expect(try await page.read { try await count($0) } == 1 + writes)
        }
    }

    @Test("another process's write shows once the snapshot's lifetime has passed")
    func otherWritersShowWithinTheLifetime() async throws {
        let (database, _) = try await makeDatabase()
        let path = try #require(database.sqlitePath)
        let clock = ManualClock()
        let readers = try PageReaders(path: path, configuration: Configuration(), count: 1, now: clock.read)
        let count = { try await readers.read(counter: nil) { try await self.count($0) } }
        #expect(try await count() == 1)
        let outsider = try DatabaseQueue(path: path)  // not the database: no one tells the readers
        try await outsider.write { try $0.execute(sql: "INSERT INTO n VALUES (2)") }
        clock.advance(by: 49_000_000)
        #expect(try await count() == 1, "within 50 ms the snapshot is reused")
        clock.advance(by: 1_000_000)
        #expect(try await count() == 2)
    }

    @Test("idle snapshots end on the sweep, so the write-ahead log can be checkpointed to nothing")
    func sweepEndsIdleSnapshots() async throws {
        let (database, page) = try await makeDatabase()
        let path = try #require(database.sqlitePath)
        let clock = ManualClock()
        let readers = try PageReaders(path: path, configuration: Configuration(), count: 2, now: clock.read)
        #expect(try await readers.read(counter: nil) { try await count($0) } == 1)
        #expect(readers.endIdleSnapshots() == 0, "a young snapshot is kept")
        clock.advance(by: 50_000_000)
        #expect(readers.endIdleSnapshots() == 1)
        #expect(readers.endIdleSnapshots() == 0)
        // The database's own readers: a commit makes their snapshots stale at once.
        _ = try await page.read { try await count($0) }
        try await database.write { try await $0.execute("INSERT INTO n VALUES (2)") }
        #expect(database.endIdlePageSnapshots() == 1)
        let pool = try #require(database.sqlitePool)
        _ = try await pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        let wal = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
        #expect(wal == 0)
    }

    @Test("the sweeper waits while no snapshot is open, wakes for one, and ends it once its lifetime passed")
    func sweeperWaitsForASnapshot() async throws {
        let (database, _) = try await makeDatabase()
        let path = try #require(database.sqlitePath)
        let clock = ManualClock()
        let readers = try PageReaders(path: path, configuration: Configuration(), count: 1, now: clock.read)
        let sweeping = Task { try await PageSnapshotSweeper(readers: readers, interval: .milliseconds(1)).run() }
        defer { sweeping.cancel() }
        #expect(!readers.hasOpenSnapshots)
        #expect(try await readers.read(counter: nil) { try await count($0) } == 1)
        #expect(readers.hasOpenSnapshots, "kept open for the next read while young")
        clock.advance(by: 50_000_000)
        // Bounded: the sweeper, woken by the read, looks every millisecond.
        for _ in 0..<2000 where readers.hasOpenSnapshots { try await Task.sleep(for: .milliseconds(5)) }
        #expect(!readers.hasOpenSnapshots, "the sweeper ended it")
        // It waits again; a later read rings for it.
        #expect(try await readers.read(counter: nil) { try await count($0) } == 1)
        #expect(readers.hasOpenSnapshots, "a later read opens one again, and the count follows")
        clock.advance(by: 50_000_000)
        for _ in 0..<2000 where readers.hasOpenSnapshots { try await Task.sleep(for: .milliseconds(5)) }
        #expect(!readers.hasOpenSnapshots, "the sweeper woke for it and ended it")
    }

    @Test("a page read cannot write")
    func readCannotWrite() async throws {
        let (_, page) = try await makeDatabase()
        await #expect(throws: SQLError.self) {
            try await page.read { try await $0.execute("INSERT INTO n VALUES (3)") }
        }
        #expect(try await page.read { try await count($0) } == 1)
    }

    @Test("many more concurrent readers than connections all finish, each counted once")
    func readersBeyondConnectionsFinish() async throws {
        let (database, _) = try await makeDatabase()
        let counter = QueryCounter()
        let page = database.counting(into: counter)
        let sums = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    try await page.read { db in
                        let sum = try await db.fetchValue(Int.self, "SELECT SUM(value) FROM n") ?? 0
                        await Task.yield()  // hold the connection across a suspension
                        return sum
                    }
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(sums.count == 64 && sums.allSatisfy { $0 == 1 })
        #expect(counter.value == 64, "BEGIN and COMMIT are not the app's statements")
    }
}

// MARK: - ManualClock

/// A monotonic clock in nanoseconds that moves only when told.
private final class ManualClock: Sendable {
    private let nanoseconds = Mutex<UInt64>(1_000_000_000)
    var read: @Sendable () -> UInt64 { { self.nanoseconds.withLock { $0 } } }
    func advance(by delta: UInt64) { nanoseconds.withLock { $0 += delta } }
}
