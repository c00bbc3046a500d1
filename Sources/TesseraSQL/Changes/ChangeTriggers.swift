// MARK: - ChangeTriggers

/// The schema that records each change to the app's data, in the writing transaction: the app
/// data's generation (`tessera_generation`'s one row) and, per table, the generation of its last
/// change (`tessera_table_changes`), kept by triggers on every table that is not Tessera's own
/// bookkeeping (`tessera_*`: sessions, throttles, one-time tokens, notices, analytics).
package enum ChangeTriggers {
    /// The table holding the generation.
    static let generationTable = "tessera_generation"
    /// The table holding each app table's last change.
    static let changesTable = "tessera_table_changes"
    /// The PostgreSQL channel every change to an app table is announced on, at its commit, with
    /// the table's name.
    package static let channel = "tessera_changed"

    /// The statement reading the generation and the tables changed after the generation bound to
    /// its one argument: rows of (table name, generation), the generation's row named `''`.
    static let changesSince = """
        SELECT name, generation FROM \(changesTable) WHERE generation > ?
        UNION ALL SELECT '', value FROM \(generationTable) WHERE id = 1
        """

    /// The generation and the changed tables in the rows of ``changesSince``
    /// (tables `catalog` does not know are read by nothing here).
    static func changes(_ rows: [(String, Int64)], _ catalog: TableCatalog) -> (UInt64, [(tables: TableSet, generation: UInt64)]) {
        var generation: UInt64 = 0
        var changed: [(tables: TableSet, generation: UInt64)] = []
        for (name, value) in rows {
            if name.isEmpty {
                generation = UInt64(bitPattern: value)
            } else if let table = catalog.table(named: name) {
                changed.append((table, UInt64(bitPattern: value)))
            }
        }
        return (generation, changed)
    }

    // MARK: - Schema

    package static func registerMigrations(in migrations: inout Migrations) {
        migrations.register("tessera.generation.v1") { db in
            try await db.execute("CREATE TABLE \(generationTable) (id INTEGER PRIMARY KEY CHECK (id = 1), value BIGINT NOT NULL)")
            try await db.execute("INSERT INTO \(generationTable) (id, value) VALUES (1, 0)")
        }
        migrations.register("tessera.generation.v2") { db in
            try await db.execute("CREATE TABLE \(changesTable) (name TEXT PRIMARY KEY NOT NULL, generation BIGINT NOT NULL)")
        }
    }

    /// Puts the triggers on every app table that lacks them (each insert, update and delete),
    /// after the migrations: tables a later migration adds get theirs at the next start. Each
    /// bumps the generation and sets the table's last change to it. Tessera's own tables and
    /// SQLite's virtual tables (which take no triggers) are skipped. On PostgreSQL one
    /// statement-level trigger per table calls `tessera_bump_generation()`, which also announces
    /// the table on ``channel`` (`NOTIFY`, sent at commit, once per table and transaction).
    static func install(in db: SQLConnection) async throws {
        switch db.dialect {
        case .sqlite:
            for table in try await appTables(in: db) {
                // Updated, not upserted, by the triggers: a statement's own conflict clause
                // (`INSERT OR IGNORE`) would override an upsert's inside them.
                try await db.execute("INSERT OR IGNORE INTO \(changesTable) (name, generation) VALUES (?, 0)", [table])
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    try await db.execute("DROP TRIGGER IF EXISTS \(quoted("tessera_changed_\(table)_\(event.lowercased())"))")
                    let trigger = quoted("tessera_change_\(table)_\(event.lowercased())")
                    try await db.execute(
                        """
                        CREATE TRIGGER IF NOT EXISTS \(trigger) AFTER \(event) ON \(quoted(table))
                        BEGIN
                          UPDATE \(generationTable) SET value = value + 1 WHERE id = 1;
                          UPDATE \(changesTable) SET generation = (SELECT value FROM \(generationTable) WHERE id = 1)
                            WHERE name = \(literal(table));
                        END
                        """)
                }
            }
        case .postgres:
            try await db.execute(
                """
                CREATE OR REPLACE FUNCTION tessera_bump_generation() RETURNS trigger LANGUAGE plpgsql AS $$
                DECLARE bumped BIGINT;
                BEGIN
                  UPDATE \(generationTable) SET value = value + 1 WHERE id = 1 RETURNING value INTO bumped;
                  INSERT INTO \(changesTable) (name, generation) VALUES (TG_TABLE_NAME, bumped)
                    ON CONFLICT (name) DO UPDATE SET generation = EXCLUDED.generation;
                  PERFORM pg_notify('\(channel)', TG_TABLE_NAME);
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

    /// Loads `catalog` with the app's tables and views.
    static func load(_ catalog: TableCatalog, from db: SQLConnection) async throws {
        let views: [String]
        switch db.dialect {
        case .sqlite:
            views = try await db.fetchValues(String.self, "SELECT name FROM sqlite_master WHERE type = 'view'")
        case .postgres:
            views = try await db.fetchValues(
                String.self,
                """
                SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE c.relkind IN ('v', 'm') AND n.nspname = current_schema()
                """)
        }
        catalog.load(tables: try await appTables(in: db), views: views)
    }

    /// The app's tables: every table but Tessera's, SQLite's, GRDB's and virtual ones.
    private static func appTables(in db: SQLConnection) async throws -> [String] {
        switch db.dialect {
        case .sqlite:
            try await db.fetchValues(
                String.self,
                """
                SELECT name FROM sqlite_master WHERE type = 'table'
                  AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'tessera\\_%' ESCAPE '\\'
                  AND name NOT LIKE 'grdb\\_%' ESCAPE '\\' AND sql NOT LIKE 'CREATE VIRTUAL%'
                """)
        case .postgres:
            try await db.fetchValues(
                String.self,
                """
                SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema() AND c.relname NOT LIKE 'tessera\\_%'
                """)
        }
    }

    private static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
