// MARK: - ExistingTable

/// A table as the database has it: its columns' reported types and nullability, and its
/// indexes' names (`PRAGMA table_info` and `index_list` on SQLite, `information_schema` and
/// `pg_indexes` on PostgreSQL).
struct ExistingTable: Equatable {
    /// One column.
    struct Column: Equatable {
        var name: String
        /// The kind its reported type is, or nil for a type no kind makes.
        var kind: ColumnKind?
        var isNullable: Bool
    }

    var name: String
    var columns: [Column]
    /// The indexes' names, lowercased.
    var indexes: Set<String>

    /// The column called `name`, ignoring case.
    func column(_ name: String) -> Column? {
        columns.first { $0.name.lowercased() == name.lowercased() }
    }

    // MARK: - Reading

    /// The table called `name` in `db`, or nil when there is none.
    static func read(_ name: String, in db: SQLConnection) async throws -> ExistingTable? {
        let table = name.lowercased()
        let columns: [Column]
        let indexes: [String]
        switch db.dialect {
        case .sqlite:
            columns = try await db.fetchAll(#"SELECT name, type, "notnull", pk FROM pragma_table_info(?)"#, [table]) { row in
                let primaryKey: Int = try row[3]
                let notNull: Bool = try row[2]
                return Column(name: try row[0], kind: ColumnKind.reported(try row[1], in: .sqlite), isNullable: !notNull && primaryKey == 0)
            }
            indexes = try await db.fetchValues(String.self, "SELECT name FROM pragma_index_list(?)", [table])
        case .postgres:
            columns = try await db.fetchAll(
                """
                SELECT column_name::text, data_type::text, is_nullable::text FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name::text = ? ORDER BY ordinal_position
                """, [table]
            ) { row in
                Column(name: try row[0], kind: ColumnKind.reported(try row[1], in: .postgres), isNullable: (try row[2] as String) == "YES")
            }
            indexes = try await db.fetchValues(
                String.self, "SELECT indexname::text FROM pg_indexes WHERE schemaname = current_schema() AND tablename::text = ?", [table])
        }
        guard !columns.isEmpty else { return nil }
        return ExistingTable(name: table, columns: columns, indexes: Set(indexes.map { $0.lowercased() }))
    }
}
