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

    /// Stores `entries` in one transaction.
    func record(_ entries: [AnalyticsQueue.Entry]) async throws {
        try await database.pool.write { db in
            let statement = try db.cachedStatement(
                sql: "INSERT INTO \(Self.table) (kind, name, path, status, detail, createdAt) VALUES (?, ?, ?, ?, ?, ?)")
            for entry in entries {
                let event = entry.event
                try statement.execute(arguments: [event.kind.rawValue, event.name, event.path, event.status, event.detail, entry.date])
            }
        }
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
