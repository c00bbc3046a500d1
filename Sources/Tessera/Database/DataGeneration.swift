import GRDB
import Synchronization

// MARK: - DataGeneration

/// How fresh this process's view of the database is, across processes sharing the file.
///
/// - **Any commit** by any connection — this process's writer, another server process, a
///   migration, the `sqlite3` shell — changes `PRAGMA data_version` as seen from this watcher's
///   own connection. ``refresh()`` reads it once per request, before the request reads anything,
///   so page snapshots begun before another process's commit are not reused after it.
/// - **The app's data** has a generation: `tessera_generation`'s one row, bumped by triggers on
///   every table that is not Tessera's own bookkeeping (`tessera_*`: sessions, throttles,
///   one-time tokens, notices, analytics), in the writing transaction. Reused fragments
///   (``FragmentCache``) are valid while it is unchanged, so a like by any process ends them,
///   while an analytics batch or a throttle row does not.
final class DataGeneration: Sendable {
    /// The table holding the generation.
    static let table = "tessera_generation"

    private let connection: DatabaseQueue
    /// The last `data_version` seen (only read and written on ``connection``'s queue).
    private let dataVersion = Mutex<Int64>(-1)
    private let appGeneration = Atomic<UInt64>(0)

    /// A watcher on its own read-only connection to the database at `path` (migrated, with
    /// ``installTriggers(in:)`` run).
    init(path: String, configuration: Configuration) throws {
        var readOnly = configuration
        readOnly.readonly = true
        connection = try DatabaseQueue(path: path, configuration: readOnly)
        _ = try refresh()
    }

    /// The app data's generation as of the last ``refresh()``.
    var current: UInt64 { appGeneration.load(ordering: .acquiring) }

    /// Looks whether any connection committed since the last look; if one did, calls
    /// `committed` (which ends page snapshots) and only then publishes the app data's new
    /// generation — so a fragment labelled with it was read from a snapshot that began after the
    /// look. Returns whether anything was committed.
    @discardableResult
    func refresh(committed: () -> Void = {}) throws -> Bool {
        try connection.inDatabase { db in
            let version = try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
            guard dataVersion.withLock({ $0 }) != version else { return false }
            committed()
            let generation = try Int64.fetchOne(db.cachedStatement(sql: "SELECT value FROM \(Self.table) WHERE id = 1")) ?? 0
            appGeneration.store(UInt64(bitPattern: generation), ordering: .releasing)
            dataVersion.withLock { $0 = version }
            return true
        }
    }

    // MARK: - Schema

    static func registerMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("tessera.generation.v1") { db in
            try db.execute(sql: "CREATE TABLE \(table) (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO \(table) (id, value) VALUES (1, 0)")
        }
    }

    /// Puts the triggers that bump the generation on every app table that lacks them (each
    /// insert, update and delete), after the migrations: tables a later migration adds get
    /// theirs at the next start. Virtual tables (which take no triggers) are skipped.
    static func installTriggers(in db: Database) throws {
        let tables = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master WHERE type = 'table'
                  AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'tessera\\_%' ESCAPE '\\'
                  AND name NOT LIKE 'grdb\\_%' ESCAPE '\\' AND sql NOT LIKE 'CREATE VIRTUAL%'
                """)
        for table in tables {
            for event in ["INSERT", "UPDATE", "DELETE"] {
                let trigger = "tessera_changed_\(table)_\(event.lowercased())"
                try db.execute(
                    sql: """
                        CREATE TRIGGER IF NOT EXISTS \(quoted(trigger)) AFTER \(event) ON \(quoted(table))
                        BEGIN UPDATE \(Self.table) SET value = value + 1 WHERE id = 1; END
                        """)
            }
        }
    }

    private static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
