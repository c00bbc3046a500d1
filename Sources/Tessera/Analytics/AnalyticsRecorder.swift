import Foundation
import GRDB

// MARK: - AnalyticsRecorder

/// The `tessera_events` table: batches of events written by ``AnalyticsWriter``, old events
/// swept, and every event read back (tests and tools). Scenes and components never write here
/// themselves; they queue events on ``Site/analytics``.
public struct AnalyticsRecorder: Sendable {
    /// The table events are written to.
    public static let table = "tessera_events"

    let database: TesseraDatabase

    /// A recorder writing into `database`.
    public init(database: TesseraDatabase) { self.database = database }

    /// Adds Tessera's events table to `migrator` (``TesseraDatabase`` does this before the app's
    /// own migrations).
    static func registerMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("tessera.analytics.v1") { db in
            try db.create(table: table) { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("kind", .text).notNull()
                t.column("name", .text).notNull()
                t.column("path", .text).notNull()
                t.column("status", .integer).notNull()
                t.column("detail", .text)
                t.column("createdAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("tessera.analytics.v2") { db in
            try db.create(index: "tessera_events_createdAt", on: table, columns: ["createdAt"])
        }
    }

    /// Rows per `INSERT` statement when storing a batch (6 parameters a row, far below SQLite's
    /// limit of 32,766).
    static let rowsPerInsert = 50

    /// Stores `entries` in one transaction, ``rowsPerInsert`` rows per statement (the last few
    /// one by one), dates written as GRDB stores them (``StoredDate/text(_:)``).
    ///
    /// A batch runs beside page requests, so its cost per event is CPU taken from pages: one
    /// row per statement, with each date through `DateFormatter`, cost 5–7 µs an event;
    /// `tessera-bench analytics` prints the figure.
    func record(_ entries: [AnalyticsQueue.Entry]) async throws {
        try await database.pool.write { db in
            var rest = entries[...]
            while !rest.isEmpty {
                let rows = rest.count >= Self.rowsPerInsert ? Self.rowsPerInsert : 1
                var values: [DatabaseValue] = []
                values.reserveCapacity(rows * 6)
                for entry in rest.prefix(rows) {
                    let event = entry.event
                    values.append(event.kind.rawValue.databaseValue)
                    values.append(event.name.databaseValue)
                    values.append(event.path.databaseValue)
                    values.append(event.status.databaseValue)
                    values.append(event.detail.databaseValue)
                    values.append(StoredDate.text(entry.date).databaseValue)
                }
                try db.cachedStatement(sql: rows == 1 ? Self.insertOne : Self.insertMany).execute(arguments: StatementArguments(values))
                rest = rest.dropFirst(rows)
            }
        }
    }

    /// `INSERT`s of one event and of ``rowsPerInsert`` events: the two statements a batch uses.
    private static let insertOne = insert(rows: 1)
    private static let insertMany = insert(rows: rowsPerInsert)

    private static func insert(rows: Int) -> String {
        "INSERT INTO \(table) (kind, name, path, status, detail, createdAt) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
    }

    /// Deletes the events recorded before `cutoff`; returns how many.
    @discardableResult
    public func deleteEvents(before cutoff: Date) async throws -> Int {
        try await database.pool.write { db in
            try db.execute(sql: "DELETE FROM \(Self.table) WHERE createdAt < ?", arguments: [cutoff])
            return db.changesCount
        }
    }

    /// Every recorded event, oldest first (for tests and tools).
    public func events() async throws -> [AnalyticsEvent] {
        try await database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT kind, name, path, status, detail FROM \(Self.table) ORDER BY id").map { row in
                AnalyticsEvent(
                    kind: AnalyticsEvent.Kind(rawValue: row["kind"]) ?? .pageView, name: row["name"], path: row["path"],
                    status: row["status"], detail: row["detail"])
            }
        }
    }
}
