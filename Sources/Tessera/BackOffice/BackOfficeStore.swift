// MARK: - BackOfficeStore

/// The back office's statements over a registered table, drawn from its schema; every name is
/// quoted, every value bound.
struct BackOfficeStore {
    let entry: BackOfficeEntry
    let db: SQLConnection

    private var schema: TableSchema { entry.schema }
    private func quoted(_ name: String) -> String { db.dialect.quoted(name) }
    private var table: String { quoted(schema.name) }
    private var columnList: String { schema.columns.map { quoted($0.name) }.joined(separator: ", ") }

    // MARK: - Reading

    /// How many rows `filter` keeps.
    func count(_ filter: BackOfficeFilter) async throws -> Int {
        let (clause, arguments) = whereClause(filter)
        return try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM \(table)\(clause)", arguments) ?? 0
    }

    /// Rows `filter` keeps, in key order, `limit` from `offset`.
    func rows(_ filter: BackOfficeFilter, offset: Int, limit: Int) async throws -> [BackOfficeRecord] {
        let (clause, base) = whereClause(filter)
        var arguments = base
        arguments.append(limit)
        arguments.append(offset)
        return try await db.fetchAll(
            "SELECT \(columnList) FROM \(table)\(clause) ORDER BY \(quoted(schema.primaryKey)) LIMIT ? OFFSET ?", arguments, record)
    }

    /// The row whose key is `key`, or nil.
    func find(_ key: SQLValue) async throws -> BackOfficeRecord? {
        try await db.fetchOne("SELECT \(columnList) FROM \(table) WHERE \(quoted(schema.primaryKey)) = ?", SQLArguments([key]), record)
    }

    /// Whether another row than `key`'s holds `value` in `column`.
    func isTaken(_ column: String, _ value: SQLValue, except key: SQLValue?) async throws -> Bool {
        var sql = "SELECT 1 FROM \(table) WHERE \(quoted(column)) = ?"
        var arguments = SQLArguments([value])
        if let key {
            sql += " AND \(quoted(schema.primaryKey)) <> ?"
            arguments.values.append(key)
        }
        return try await db.fetchValue(Int.self, sql + " LIMIT 1", arguments) != nil
    }

    private func record(_ row: SQLRow) throws -> BackOfficeRecord {
        BackOfficeRecord(
            values: try schema.columns.enumerated().map { index, column in try BackOfficeValues.read(row, index, as: column.kind) },
            schema: schema)
    }

    private func whereClause(_ filter: BackOfficeFilter) -> (String, SQLArguments) {
        var conditions: [String] = []
        var arguments = SQLArguments()
        if let search = filter.search, !entry.searchedColumns.isEmpty {
            let pattern = "%" + Self.escapedForLike(search.lowercased()) + "%"
            conditions.append(
                "(" + entry.searchedColumns.map { "LOWER(\(quoted($0.name))) LIKE ? ESCAPE '\\'" }.joined(separator: " OR ") + ")")
            for _ in entry.searchedColumns { arguments.append(pattern) }
        }
        for (column, value) in filter.flags {
            conditions.append("\(quoted(column)) = ?")
            arguments.append(value)
        }
        for (column, holdsValue) in filter.presence {
            conditions.append("\(quoted(column)) IS \(holdsValue ? "NOT NULL" : "NULL")")
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), arguments)
    }

    /// `text` with `LIKE`'s wildcards and its escape character escaped.
    static func escapedForLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    // MARK: - References

    /// The rows a reference column may name, as choices: the referenced table's keys, each with
    /// its row's title when the back office holds that table, in key order, at most 500.
    static func choices(for reference: ColumnReference, titled entry: BackOfficeEntry?, in db: SQLConnection) async throws
        -> [(key: String, title: String)]
    {
        let key = db.dialect.quoted(reference.column)
        let title = entry.map { db.dialect.quoted($0.titleColumn) } ?? key
        let kind = entry?.schema.column(reference.column)?.kind ?? .integer
        let titleKind = entry?.schema.column(entry?.titleColumn ?? "")?.kind ?? kind
        return try await db.fetchAll("SELECT \(key), \(title) FROM \(db.dialect.quoted(reference.table)) ORDER BY \(key) LIMIT 500") {
            row -> (key: String, title: String) in
            let keyText = BackOfficeValues.text(try BackOfficeValues.read(row, 0, as: kind)) ?? ""
            let titleText = BackOfficeValues.text(try BackOfficeValues.read(row, 1, as: titleKind)) ?? keyText
            return (keyText, titleText == keyText ? keyText : "\(titleText) (\(keyText))")
        }
    }

    /// Whether `reference`'s table has a row whose key is `value`.
    static func exists(_ value: SQLValue, for reference: ColumnReference, in db: SQLConnection) async throws -> Bool {
        try await db.fetchValue(
            Int.self,
            "SELECT 1 FROM \(db.dialect.quoted(reference.table)) WHERE \(db.dialect.quoted(reference.column)) = ? LIMIT 1",
            SQLArguments([value])) != nil
    }

    // MARK: - Writing

    /// Inserts a row of `values` (column and value); returns its key.
    func insert(_ values: [(String, SQLValue)]) async throws -> SQLValue {
        let columns = values.map { quoted($0.0) }.joined(separator: ", ")
        let placeholders = values.map { _ in "?" }.joined(separator: ", ")
        let kind = entry.keyColumn?.kind ?? .integer
        let key = try await db.fetchOne(
            "INSERT INTO \(table) (\(columns)) VALUES (\(placeholders)) RETURNING \(quoted(schema.primaryKey))",
            SQLArguments(values.map(\.1))
        ) { row in try BackOfficeValues.read(row, 0, as: kind) }
        return key ?? .null
    }

    /// Sets `values` (column and value) on the row whose key is `key`.
    func update(_ key: SQLValue, _ values: [(String, SQLValue)]) async throws {
        guard !values.isEmpty else { return }
        let assignments = values.map { quoted($0.0) + " = ?" }.joined(separator: ", ")
        _ = try await db.execute(
            "UPDATE \(table) SET \(assignments) WHERE \(quoted(schema.primaryKey)) = ?", SQLArguments(values.map(\.1) + [key]))
    }

    /// Deletes the row whose key is `key`; whether there was one.
    func delete(_ key: SQLValue) async throws -> Bool {
        try await db.execute("DELETE FROM \(table) WHERE \(quoted(schema.primaryKey)) = ?", SQLArguments([key])) > 0
    }
}
