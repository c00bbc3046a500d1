import Foundation

// MARK: - AnalyticsRecorder

/// The `tessera_events` table: batches of events written by `AnalyticsWriter`, old events
/// swept, and every event read back (tests and tools). Scenes and components never write here
/// themselves; they queue events on ``Site/analytics``.
package struct AnalyticsRecorder: Sendable {
    /// The table events are written to.
    static let table = "tessera_events"

    let database: TesseraDatabase

    /// A recorder writing into `database`.
    package init(database: TesseraDatabase) { self.database = database }

    /// Adds Tessera's events table to `migrator` (`TesseraDatabase` does this before the app's
    /// own migrations).
    static func registerMigration(in migrations: inout Migrations) {
        migrations.register("tessera.analytics.v1") { db in
            try await db.execute(
                """
                CREATE TABLE \(table) (id \(db.dialect.autoIncrementPrimaryKey), kind TEXT NOT NULL, name TEXT NOT NULL,
                  path TEXT NOT NULL, status BIGINT NOT NULL, detail TEXT, createdAt \(db.dialect.timestamp) NOT NULL)
                """)
        }
        migrations.register("tessera.analytics.v2") { db in
            try await db.execute("CREATE INDEX tessera_events_createdAt ON \(table) (createdAt)")
        }
    }

    /// Rows per `INSERT` statement when storing a batch (6 parameters a row, far below SQLite's
    /// limit of 32,766).
    static let rowsPerInsert = 50

    /// Stores `entries` in one transaction, ``rowsPerInsert`` rows per statement (the last few
    /// one by one), dates written as GRDB stores them (``StoredDate/text(_:)``).
    ///
    /// A batch runs beside page requests, so its cost per event is CPU taken from pages:
    /// `tessera-bench analytics` prints it.
    func record(_ entries: [AnalyticsQueue.Entry]) async throws {
        try await database.write { db in
            var rest = entries[...]
            while !rest.isEmpty {
                let rows = rest.count >= Self.rowsPerInsert ? Self.rowsPerInsert : 1
                var values: [SQLValue] = []
                values.reserveCapacity(rows * 6)
                for entry in rest.prefix(rows) {
                    let event = entry.event
                    values += [.text(event.kind.rawValue), .text(event.name), .text(event.path), .integer(Int64(event.status))]
                    values += [event.detail.sqlValue, .date(entry.date)]
                }
                try await db.execute(rows == 1 ? Self.insertOne : Self.insertMany, SQLArguments(values))
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
    func deleteEvents(before cutoff: Date) async throws -> Int {
        try await database.write { db in
            try await db.execute("DELETE FROM \(Self.table) WHERE createdAt < ?", [cutoff])
        }
    }

    /// Every recorded event, oldest first (for tests and tools).
    package func events() async throws -> [AnalyticsEvent] {
        try await database.read { db in
            try await db.fetchAll("SELECT kind, name, path, status, detail FROM \(Self.table) ORDER BY id") { row in
                AnalyticsEvent(
                    kind: AnalyticsEvent.Kind(rawValue: try row[0]) ?? .pageView, name: try row[1], path: try row[2],
                    status: try row[3], detail: try row[4])
            }
        }
    }
}
