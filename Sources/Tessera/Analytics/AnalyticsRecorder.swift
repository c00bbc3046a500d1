import Foundation
import GRDB

// MARK: - AnalyticsRecorder

/// Writes analytics events to the `tessera_events` table: the one hook every scene and
/// component goes through (per-controller analytics, written once).
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
    }

    /// Records `event`. Failures are logged by the caller's choice, never thrown at a page.
    public func record(_ event: AnalyticsEvent) async throws {
        try await database.pool.write { db in
            try db.execute(
                sql: "INSERT INTO \(Self.table) (kind, name, path, status, detail, createdAt) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [event.kind.rawValue, event.name, event.path, event.status, event.detail, Date()])
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
