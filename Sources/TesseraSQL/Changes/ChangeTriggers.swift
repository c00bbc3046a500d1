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

    /// The table holding, per row mark (``RowKey``), the generation of its last change.
    static let rowChangesTable = "tessera_row_changes"

    /// The statement reading the generation, the tables changed after the generation bound to
    /// its first argument, and the rows changed after its second: rows of (kind, name,
    /// generation), kind 0 a table, 1 the generation (named `''`), 2 a row's mark.
    static let changesSince = """
        SELECT 0, name, generation FROM \(changesTable) WHERE generation > ?
        UNION ALL SELECT 1, '', value FROM \(generationTable) WHERE id = 1
        UNION ALL SELECT 2, mark, generation FROM \(rowChangesTable) WHERE generation > ?
        """

    /// What one look at the database found.
    struct Look {
        /// The app data's generation.
        var generation: UInt64 = 0
        /// The tables changed, each with the generation of its last change.
        var tables: [(tables: TableSet, generation: UInt64)] = []
        /// The rows changed (``RowKey``'s marks), each with the generation of its last change.
        var rows: [(String, UInt64)] = []
    }

    /// The arguments of ``changesSince`` for a process whose versions are at `known`: the rows'
    /// changes are read only once `rows` began to look (a first look reads none: the process
    /// knows every row's changes from then on).
    static func changesSinceArguments(known: UInt64, rows: RowChanges) -> [Int64] {
        let known = Int64(bitPattern: known)
        return [known, rows.isLooking ? known : .max]
    }

    /// What the rows of ``changesSince`` say (tables `catalog` does not know are read by
    /// nothing here).
    static func look(_ rows: [(Int64, String, Int64)], _ catalog: TableCatalog) -> Look {
        var look = Look()
        for (kind, name, value) in rows {
            switch kind {
            case 0: if let table = catalog.table(named: name) { look.tables.append((table, UInt64(bitPattern: value))) }
            case 1: look.generation = UInt64(bitPattern: value)
            default: look.rows.append((name, UInt64(bitPattern: value)))
            }
        }
        return look
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
        migrations.register("tessera.generation.v3") { db in
            try await db.execute("CREATE TABLE \(rowChangesTable) (mark TEXT PRIMARY KEY NOT NULL, generation BIGINT NOT NULL)")
            try await db.execute("CREATE INDEX \(rowChangesTable)_generation ON \(rowChangesTable) (generation)")
        }
    }

    /// Puts the triggers on every app table (each insert, update and delete), after the
    /// migrations: tables a later migration adds or changes get theirs at the next start. Each
    /// bumps the generation, sets the table's last change to it, and marks the rows the change
    /// touched (``RowKey``): the row, by its single-column primary key, and each row its
    /// single-column foreign keys reference. Tessera's own tables and SQLite's virtual tables
    /// (which take no triggers) are skipped. On PostgreSQL one statement-level trigger per table
    /// calls `tessera_bump_generation()`, which also announces the table on ``channel``
    /// (`NOTIFY`, sent at commit, once per table and transaction), and the rows are marked from
    /// the statement's transition tables by a function of the table's own.
    static func install(in db: SQLConnection) async throws {
        let marks = try await rowMarks(in: db)
        switch db.dialect {
        case .sqlite:
            let existing = Dictionary(
                try await db.fetchAll("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'") { row -> (String, String) in
                    (try row[0], try row[1])
                }, uniquingKeysWith: { first, _ in first })
            for table in try await appTables(in: db) {
                // Updated, not upserted, by the triggers: a statement's own conflict clause
                // (`INSERT OR IGNORE`) would override an upsert's inside them.
                try await db.execute("INSERT OR IGNORE INTO \(changesTable) (name, generation) VALUES (?, 0)", [table])
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    try await db.execute("DROP TRIGGER IF EXISTS \(quoted("tessera_changed_\(table)_\(event.lowercased())"))")
                    let name = "tessera_change_\(table)_\(event.lowercased())"
                    let sql = sqliteTrigger(name, on: table, event: event, marks: marks[table] ?? [])
                    guard existing[name] != sql else { continue }
                    try await db.execute("DROP TRIGGER IF EXISTS \(quoted(name))")
                    try await db.execute(sql)
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
            let tables = try await db.fetchAll(
                """
                SELECT c.relname, c.oid::bigint, EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'tessera_changed'),
                  EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'tessera_marks_insert')
                FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema() AND c.relname NOT LIKE 'tessera\\_%'
                """
            ) { row -> (String, Int64, Bool, Bool) in (try row[0], try row[1], try row[2], try row[3]) }
            for (table, oid, bumps, marksRows) in tables {
                if !bumps {
                    try await db.execute(
                        """
                        CREATE TRIGGER tessera_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(quoted(table))
                        FOR EACH STATEMENT EXECUTE FUNCTION tessera_bump_generation()
                        """)
                }
                // Named after the table's oid: a table's name may be longer than a function's.
                // Fired after `tessera_changed` (same timing: by name), so it reads the bumped generation.
                let function = "tessera_marks_\(oid)"
                try await db.execute(postgresMarkFunction(function, marks: marks[table] ?? []))
                guard !marksRows, marks[table]?.isEmpty == false else { continue }
                for (event, referencing) in [
                    ("INSERT", "NEW TABLE AS tessera_new"), ("UPDATE", "OLD TABLE AS tessera_old NEW TABLE AS tessera_new"),
                    ("DELETE", "OLD TABLE AS tessera_old"), ("TRUNCATE", ""),
                ] {
                    try await db.execute(
                        """
                        CREATE TRIGGER tessera_marks_\(event.lowercased()) AFTER \(event) ON \(quoted(table))
                        \(referencing.isEmpty ? "" : "REFERENCING " + referencing) FOR EACH STATEMENT EXECUTE FUNCTION \(function)()
                        """)
                }
            }
        }
    }

    /// Loads `catalog` with the app's tables and views, and the tables whose rows mark each
    /// table's rows (``rowMarks(in:)``).
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
        let marks = try await rowMarks(in: db).mapValues { $0.map(\.table) }
        catalog.load(tables: try await appTables(in: db), views: views, marks: marks)
    }

    /// The app's tables: every table but Tessera's, SQLite's, GRDB's and virtual ones.
    static func appTables(in db: SQLConnection) async throws -> [String] {
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

    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
