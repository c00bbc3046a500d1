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
    /// The PostgreSQL channel every change to the app's data is announced on, at its commit.
    static let channel = "tessera_changed"

    private let connection: DatabaseQueue
    /// The last `data_version` seen (only read and written on ``connection``'s queue).
    private let dataVersion = Mutex<Int64>(-1)
    private let appGeneration = Atomic<UInt64>(0)

    /// A watcher on its own read-only connection to the database at `path` (``refresh(committed:)`` first once it is migrated,
    /// with ``installTriggers(in:)`` run).
    init(path: String, configuration: Configuration) throws {
        var readOnly = configuration
        readOnly.readonly = true
        connection = try DatabaseQueue(path: path, configuration: readOnly)
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

    static func registerMigration(in migrations: inout Migrations) {
        migrations.register("tessera.generation.v1") { db in
            try await db.execute("CREATE TABLE \(table) (id INTEGER PRIMARY KEY CHECK (id = 1), value BIGINT NOT NULL)")
            try await db.execute("INSERT INTO \(table) (id, value) VALUES (1, 0)")
        }
    }

    /// Puts the triggers that bump the generation on every app table that lacks them (each
    /// insert, update and delete), after the migrations: tables a later migration adds get
    /// theirs at the next start. Tessera's own tables (`tessera_*`) and SQLite's virtual tables
    /// (which take no triggers) are skipped. On PostgreSQL one statement-level trigger per table
    /// calls the function `tessera_bump_generation()`, which also announces the change on
    /// ``channel`` (`NOTIFY`, sent when the transaction commits, once per transaction).
    static func installTriggers(in db: SQLConnection) async throws {
        switch db.dialect {
        case .sqlite:
            let tables = try await db.fetchValues(
                String.self,
                """
                SELECT name FROM sqlite_master WHERE type = 'table'
                  AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'tessera\\_%' ESCAPE '\\'
                  AND name NOT LIKE 'grdb\\_%' ESCAPE '\\' AND sql NOT LIKE 'CREATE VIRTUAL%'
                """)
            for table in tables {
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    let trigger = "tessera_changed_\(table)_\(event.lowercased())"
                    try await db.execute(
                        """
                        CREATE TRIGGER IF NOT EXISTS \(quoted(trigger)) AFTER \(event) ON \(quoted(table))
                        BEGIN UPDATE \(Self.table) SET value = value + 1 WHERE id = 1; END
                        """)
                }
            }
        case .postgres:
            try await db.execute(
                """
                CREATE OR REPLACE FUNCTION tessera_bump_generation() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  UPDATE \(Self.table) SET value = value + 1 WHERE id = 1;
                  PERFORM pg_notify('\(Self.channel)', '');
                  RETURN NULL;
                END $$
                """)
            let tables = try await db.fetchValues(
                String.self,
                """
                SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema() AND c.relname NOT LIKE 'tessera\\_%'
                  AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'tessera_changed')
                """)
            for table in tables {
                try await db.execute(
                    """
                    CREATE TRIGGER tessera_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(quoted(table))
                    FOR EACH STATEMENT EXECUTE FUNCTION tessera_bump_generation()
                    """)
            }
        }
    }

    private static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
