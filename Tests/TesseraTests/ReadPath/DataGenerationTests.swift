import Foundation
import GRDB
import Testing

@_spi(Benchmarks) @testable import Tessera

/// What ends reuse: a commit by any connection ends reused page snapshots; only a change to the
/// app's own data ends reused fragments — never Tessera's bookkeeping.
@Suite("Data generation")
struct DataGenerationTests {
    private static func open(_ path: String) throws -> TesseraDatabase {
        try TesseraDatabase(path: path) { migrator in
            migrator.registerMigration("items") { db in
                try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
            }
        }
    }

    private static func path() -> (String, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-generation-\(UUID().uuidString)")
        return (folder.appendingPathComponent("g.sqlite").path, folder)
    }

    @Test("sessions, throttles, notices and analytics leave the app's generation alone; an app row changes it")
    func bookkeepingDoesNotEndReuse() async throws {
        let (path, folder) = Self.path()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try Self.open(path)
        try database.refreshFromOtherConnections()
        let start = database.generation.current
        _ = try await SessionStore(database: database).create(userID: 1)
        _ = try await AttemptThrottle(database: database).count([ThrottleRule(name: "t", limit: 5, window: 60, lockout: 60).key("x")])
        try await NoticeStore(database: database).post(Notice("Saved."), for: SessionStore.randomToken())
        try await database.pool.write { db in
            try db.execute(sql: "INSERT INTO tessera_events (kind, name, path, status, createdAt) VALUES ('page', 'x', '/', 200, '2026-01-01')")
        }
        #expect(try database.generation.refresh(), "the commits were seen")
        #expect(database.generation.current == start)
        try await database.pool.write { db in try db.execute(sql: "INSERT INTO item (title) VALUES ('new')") }
        try database.refreshFromOtherConnections()
        #expect(database.generation.current != start)
        let updated = database.generation.current
        try await database.pool.write { db in try db.execute(sql: "UPDATE item SET title = 'edited'") }
        try database.refreshFromOtherConnections()
        #expect(database.generation.current != updated, "updates and deletes count too")
    }

    @Test("a write by another process's connection is read at once after the next look, snapshots included")
    func anotherProcessesWriteIsSeen() async throws {
        let (path, folder) = Self.path()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reader = try Self.open(path)
        let writer = try Self.open(path)  // its own pool, as a second server on the file
        let count = { try reader.readOnPage { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") ?? -1 } }
        try reader.refreshFromOtherConnections()
        #expect(try count() == 0)  // a snapshot the reader would otherwise reuse for 50 ms
        let before = reader.generation.current
        try await writer.pool.write { db in try db.execute(sql: "INSERT INTO item (title) VALUES ('from elsewhere')") }
        try reader.refreshFromOtherConnections()
        #expect(try count() == 1)
        #expect(reader.generation.current != before)
    }

    @Test("tables a later migration adds get their triggers at the next open")
    func laterTablesAreWatched() async throws {
        let (path, folder) = Self.path()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.open(path)
        let reopened = try TesseraDatabase(path: path) { migrator in
            migrator.registerMigration("items") { db in
                try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
            }
            migrator.registerMigration("tags") { db in try db.execute(sql: "CREATE TABLE tag (name TEXT)") }
        }
        try reopened.refreshFromOtherConnections()
        let before = reopened.generation.current
        try await reopened.pool.write { db in try db.execute(sql: "INSERT INTO tag (name) VALUES ('swift')") }
        try reopened.refreshFromOtherConnections()
        #expect(reopened.generation.current != before)
    }
}
