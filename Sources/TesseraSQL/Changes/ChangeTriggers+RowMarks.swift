import Foundation

// MARK: - ChangeTriggers: marking rows

/// The row marks a write leaves (``RowKey``): which columns mark which table's rows, and the
/// SQLite triggers and PostgreSQL functions that write them.
extension ChangeTriggers {
    /// A column whose value marks a row of `table` (``RowKey``): a table's own single-column
    /// primary key, or a single-column foreign key to another table's.
    struct RowMarkColumn: Equatable {
        let column: String
        /// The table whose row it marks, lowercased.
        let table: String
    }

    /// Per app table, the columns that mark rows when one of its rows changes.
    static func rowMarks(in db: SQLConnection) async throws -> [String: [RowMarkColumn]] {
        var marks: [String: [RowMarkColumn]] = [:]
        switch db.dialect {
        case .sqlite:
            let tables = try await appTables(in: db)
            var keys: [String: String] = [:]
            for table in tables {
                let key = try await db.fetchAll("SELECT name FROM pragma_table_info(?) WHERE pk > 0", [table]) { row -> String in try row[0] }
                if key.count == 1 { keys[table.lowercased()] = key[0] }
            }
            for table in tables {
                if let key = keys[table.lowercased()] { marks[table, default: []].append(RowMarkColumn(column: key, table: table.lowercased())) }
                let references = try await db.fetchAll(
                    """
                    SELECT "table", "from", "to" FROM pragma_foreign_key_list(?)
                    WHERE id IN (SELECT id FROM pragma_foreign_key_list(?) GROUP BY id HAVING count(*) = 1)
                    """, [table, table]
                ) { row -> (String, String, String?) in (try row[0], try row[1], try row[2]) }
                for (referenced, column, target) in references {
                    let referenced = referenced.lowercased()
                    // Only a reference to the primary key marks that row by its key.
                    guard let key = keys[referenced], target == nil || target == key else { continue }
                    marks[table, default: []].append(RowMarkColumn(column: column, table: referenced))
                }
            }
        case .postgres:
            let rows = try await db.fetchAll(
                """
                SELECT cl.relname, a.attname, CASE co.contype WHEN 'p' THEN cl.relname ELSE rf.relname END
                FROM pg_constraint co
                JOIN pg_class cl ON cl.oid = co.conrelid
                JOIN pg_namespace n ON n.oid = cl.relnamespace
                JOIN pg_attribute a ON a.attrelid = co.conrelid AND a.attnum = co.conkey[1]
                LEFT JOIN pg_class rf ON rf.oid = co.confrelid
                WHERE n.nspname = current_schema() AND cl.relname NOT LIKE 'tessera\\_%' AND array_length(co.conkey, 1) = 1
                  AND (co.contype = 'p' OR (co.contype = 'f' AND EXISTS (
                    SELECT 1 FROM pg_constraint pk WHERE pk.conrelid = co.confrelid AND pk.contype = 'p' AND pk.conkey = co.confkey)))
                ORDER BY cl.relname, co.contype DESC, a.attname
                """
            ) { row -> (String, String, String) in (try row[0], try row[1], try row[2]) }
            for (table, column, referenced) in rows {
                marks[table, default: []].append(RowMarkColumn(column: column, table: referenced.lowercased()))
            }
        }
        return marks
    }

    /// SQLite's trigger `name` after each `event` on `table`: the generation bumped, the table's
    /// change, and each row `marks` name marked (the old row's and the new one's, as the event has).
    static func sqliteTrigger(_ name: String, on table: String, event: String, marks: [RowMarkColumn]) -> String {
        let rows = event == "INSERT" ? ["NEW"] : event == "DELETE" ? ["OLD"] : ["OLD", "NEW"]
        let generation = "(SELECT value FROM \(generationTable) WHERE id = 1)"
        var body = """
              UPDATE \(generationTable) SET value = value + 1 WHERE id = 1;
              UPDATE \(changesTable) SET generation = \(generation) WHERE name = \(literal(table));

            """
        for row in rows {
            for mark in marks {
                let value = "\(row).\(quoted(mark.column))"
                let text = "\(literal(mark.table + ":")) || \(value)"
                body += """
                      UPDATE \(rowChangesTable) SET generation = \(generation) WHERE mark = \(text);
                      INSERT INTO \(rowChangesTable) (mark, generation) SELECT \(text), \(generation)
                        WHERE \(value) IS NOT NULL AND NOT EXISTS (SELECT 1 FROM \(rowChangesTable) WHERE mark = \(text));

                    """
            }
        }
        return "CREATE TRIGGER \(quoted(name)) AFTER \(event) ON \(quoted(table))\nBEGIN\n\(body)END"
    }

    /// PostgreSQL's function `name`, run by a table's statement-level triggers with the
    /// statement's transition tables (`tessera_new`, `tessera_old`): it marks the rows `marks`
    /// name, or on a truncation every row of each table they mark.
    static func postgresMarkFunction(_ name: String, marks: [RowMarkColumn]) -> String {
        let upsert = "ON CONFLICT (mark) DO UPDATE SET generation = EXCLUDED.generation"
        func marking(_ rows: String) -> String {
            guard !marks.isEmpty else { return "NULL;" }
            let selects = marks.map { "SELECT \(literal($0.table + ":")) || \(quoted($0.column)) AS mark FROM \(rows)" }
            return "INSERT INTO \(rowChangesTable) (mark, generation) SELECT mark, bumped FROM (\(selects.joined(separator: " UNION "))) marks WHERE mark IS NOT NULL \(upsert);"
        }
        let everyRow = Set(marks.map(\.table)).sorted().map { "(\(literal($0 + ":*")), bumped)" }
        return """
            CREATE OR REPLACE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE bumped BIGINT;
            BEGIN
              SELECT value INTO bumped FROM \(generationTable) WHERE id = 1;
              IF TG_OP = 'TRUNCATE' THEN
                \(everyRow.isEmpty ? "NULL;" : "INSERT INTO \(rowChangesTable) (mark, generation) VALUES \(everyRow.joined(separator: ", ")) \(upsert);")
              END IF;
              IF TG_OP IN ('INSERT', 'UPDATE') THEN
                \(marking("tessera_new"))
              END IF;
              IF TG_OP IN ('UPDATE', 'DELETE') THEN
                \(marking("tessera_old"))
              END IF;
              RETURN NULL;
            END $$
            """
    }
}
