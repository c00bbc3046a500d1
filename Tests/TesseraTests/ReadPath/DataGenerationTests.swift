import Foundation
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// What ends reuse: a commit by any connection ends reused page snapshots; only a change to the
/// app's own data ends reused fragments — never Tessera's bookkeeping. On SQLite and PostgreSQL.
@Suite("Data generation")
struct DataGenerationTests {
    private static func items(_ steps: inout Migrations) {
        steps.register("items") { db in
            try await db.execute("CREATE TABLE item (id \(db.dialect.autoIncrementPrimaryKey), title TEXT NOT NULL)")
            try await db.execute("CREATE TABLE label (id \(db.dialect.autoIncrementPrimaryKey), name TEXT NOT NULL)")
        }
    }

    private static func open(_ location: DatabaseLocation) async throws -> TesseraDatabase {
        try await TesseraDatabase.open(location, migrations: items)
    }

    /// Runs `body` on each database with two openings of it: a reader and a writer, each with
    /// its own connections, as two server processes.
    private static func onTwoProcesses(
        _ body: @escaping @Sendable (DatabaseLocation, TesseraDatabase, TesseraDatabase) async throws -> Void
    ) async throws {
        try await TestDatabases.eachLocation { location in
            let reader = try await open(location)
            let writer = try await open(location)
            defer {
                reader.close()
                writer.close()
            }
            try await body(location, reader, writer)
        }
    }

    @Test("a process listening for commits is told of another's at once, with no look of its own, on both databases")
    func listenersAreToldOfCommits() async throws {
        try await Self.onTwoProcesses { _, listener, writer in
            let started = listener.commits.count
            let listening = Task { await listener.listenForChanges() }
            defer { listening.cancel() }
            await listener.commits.wait(past: started, timeout: .seconds(10))
            #expect(listener.commits.count != started, "listening began")
            for title in ["first", "second"] {
                let seen = listener.commits.count
                let before = listener.currentGeneration
                try await writer.write { db in try await db.execute("INSERT INTO item (title) VALUES (?)", [title]) }
                // Nothing here looks: only the bell (SQLite) or the notice (PostgreSQL) can move it.
                await listener.commits.wait(past: seen, timeout: .seconds(10))
                #expect(listener.commits.count != seen, "told of the commit of \(title)")
                if listener.dialect == .sqlite {
                    #expect(listener.currentGeneration > before, "the look the bell caused read the new generation")
                }
            }
        }
    }

    @Test("sessions, throttles, notices and analytics leave the app's generation alone; an app row changes it")
    func bookkeepingDoesNotEndReuse() async throws {
        try await TestDatabases.each(migrations: Self.items) { database in
            try await database.refreshFromOtherConnections()
            let start = database.currentGeneration
            _ = try await SessionStore(database: database).create(userID: 1)
            _ = try await AttemptThrottle(database: database).count([ThrottleRule(name: "t", limit: 5, window: 60, lockout: 60).key("x")])
            try await NoticeStore(database: database).post(Notice("Saved."), for: SessionStore.randomToken())
            try await AnalyticsRecorder(database: database).record([
                AnalyticsQueue.Entry(event: AnalyticsEvent(kind: .pageView, name: "x", path: "/", status: 200), date: Date())
            ])
            try await database.refreshFromOtherConnections()
            #expect(database.currentGeneration == start)
            try await database.write { db in try await db.execute("INSERT INTO item (title) VALUES ('new')") }
            try await database.refreshFromOtherConnections()
            #expect(database.currentGeneration != start)
            let updated = database.currentGeneration
            try await database.write { db in try await db.execute("UPDATE item SET title = 'edited'") }
            try await database.refreshFromOtherConnections()
            #expect(database.currentGeneration != updated, "updates and deletes count too")
        }
    }

    @Test("a statement notes the tables it named; another process's write ends what read its table only, even under INSERT OR IGNORE")
    func tablesReadAndChangedAcrossProcesses() async throws {
        try await Self.onTwoProcesses { location, reader, writer in
            let counted = reader.counting(into: QueryCounter())
            _ = try await counted.read { db in try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM \"item\" WHERE title <> 'tag'") }
            let items = counted.counter.reads
            #expect(!items.isEmpty)
            _ = try await counted.read { db in try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM label") }
            let labels = TableSet(bits: counted.counter.reads.bits & ~items.bits)
            #expect(!labels.isEmpty, "a second table has its own bit")

            try await reader.refreshFromOtherConnections()
            let start = reader.currentVersions.generation
            let isSQLite = if case .sqlite = location { true } else { false }
            // A statement's own conflict clause overrides those of the triggers it fires.
            let ignoring = isSQLite ? "INSERT OR IGNORE INTO label (name) VALUES ('x')" : "INSERT INTO label (name) VALUES ('x')"
            try await writer.write { db in try await db.execute(ignoring) }
            try await reader.refreshFromOtherConnections()
            #expect(reader.currentVersions.generation > start)
            #expect(reader.currentVersions.isUnchanged(items, since: start), "the item table did not change")
            #expect(!reader.currentVersions.isUnchanged(labels, since: start), "the label table did")
            #expect(!reader.currentVersions.isUnchanged(.all, since: start))
        }
    }

    @Test("a write by another process's connection is read at once after the next look, snapshots included")
    func anotherProcessesWriteIsSeen() async throws {
        try await Self.onTwoProcesses { location, reader, writer in
            let page = reader.counting(into: QueryCounter())
            let count = { try await page.read { db in try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM item") ?? -1 } }
            try await reader.refreshFromOtherConnections()
            #expect(try await count() == 0)  // on SQLite, a snapshot the reader would otherwise reuse for 50 ms
            let before = reader.currentGeneration
            try await writer.write { db in try await db.execute("INSERT INTO item (title) VALUES ('from elsewhere')") }
            try await reader.refreshFromOtherConnections()
            #expect(try await count() == 1)
            #expect(reader.currentGeneration != before)
        }
    }

    @Test("while looks run without pause, every look asked after another process's write was acknowledged sees it")
    func concurrentLooksSeeAcknowledgedWrites() async throws {
        try await TestDatabases.eachLocation { location in
            let reader = try await Self.open(location)
            let writer = try await Self.open(location)  // a second server on the same database
            defer {
                reader.close()
                writer.close()
            }
            // Looks always in flight, so a look begun before a write could be handed to a later asker.
            let looking = Task {
                while !Task.isCancelled { try await reader.refreshFromOtherConnections() }
            }
            defer { looking.cancel() }
            var stale = 0
            for round in 1...10 {
                try await reader.refreshFromOtherConnections()
                let before = reader.currentGeneration
                try await writer.write { db in try await db.execute("INSERT INTO item (title) VALUES (?)", ["round \(round)"]) }
                stale += try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<20 {
                        group.addTask {
                            try await reader.refreshFromOtherConnections()
                            return reader.currentGeneration > before ? 0 : 1
                        }
                    }
                    return try await group.reduce(0, +)
                }
            }
            #expect(stale == 0, "looks asked after an acknowledged write that did not see it")
        }
    }

    @Test("tables a later migration adds get their triggers at the next open")
    func laterTablesAreWatched() async throws {
        try await TestDatabases.eachLocation { location in
            try await Self.open(location).close()
            let reopened = try await TesseraDatabase.open(location) { steps in
                Self.items(&steps)
                steps.register("tags") { db in try await db.execute("CREATE TABLE tag (name TEXT)") }
            }
            defer { reopened.close() }
            try await reopened.refreshFromOtherConnections()
            let before = reopened.currentGeneration
            try await reopened.write { db in try await db.execute("INSERT INTO tag (name) VALUES ('swift')") }
            try await reopened.refreshFromOtherConnections()
            #expect(reopened.currentGeneration != before)
        }
    }
}
