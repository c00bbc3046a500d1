// MARK: - Writing a record

extension SQLModel {
    /// Inserts the record and returns its primary key: the one the database gave when it
    /// numbers the key (the record's own is left out), else the record's.
    @discardableResult
    public func insert(in db: SQLConnection) async throws -> PrimaryKey {
        let (columns, values) = insertedColumns()
        let sql = "INSERT INTO " + Self.schema.quotedName + " (" + columns.joined(separator: ", ") + ") VALUES ("
            + Self.placeholders(values.count) + ") RETURNING " + SQLDialect.quote(Self.primaryKeyColumn)
        return try await returnedKey(sql, values, in: db)
    }

    /// Inserts the record, or when a row with the same `conflict` value (default the primary
    /// key) is there, sets that row's other columns to the record's; returns the row's primary
    /// key. `conflict` is the primary key or a unique column.
    @discardableResult
    package func upsert(in db: SQLConnection, onConflict conflict: PartialKeyPath<Self>? = nil) async throws -> PrimaryKey {
        let target = conflict.map { Self.column($0) } ?? Self.primaryKeyColumn
        let (columns, values) = target == Self.primaryKeyColumn ? allColumns() : insertedColumns()
        let quotedTarget = SQLDialect.quote(target)
        let updates = columns.filter { $0 != quotedTarget }.map { $0 + " = excluded." + $0 }
        let sql = "INSERT INTO " + Self.schema.quotedName + " (" + columns.joined(separator: ", ") + ") VALUES ("
            + Self.placeholders(values.count) + ") ON CONFLICT (" + quotedTarget + ") DO UPDATE SET " + updates.joined(separator: ", ")
            + " RETURNING " + SQLDialect.quote(Self.primaryKeyColumn)
        return try await returnedKey(sql, values, in: db)
    }

    /// Sets every column of the row with the record's primary key to the record's values;
    /// returns whether there was such a row.
    @discardableResult
    package func update(in db: SQLConnection) async throws -> Bool {
        let (columns, values) = allColumns()
        let key = SQLDialect.quote(Self.primaryKeyColumn)
        var assignments: [String] = []
        var arguments: [SQLValue] = []
        for (column, value) in zip(columns, values) where column != key {
            assignments.append(column + " = ?")
            arguments.append(value)
        }
        arguments.append(primaryKey.sqlValue)
        let sql = "UPDATE " + Self.schema.quotedName + " SET " + assignments.joined(separator: ", ") + " WHERE " + key + " = ?"
        return try await db.execute(sql, SQLArguments(arguments)) > 0
    }

    /// Deletes the row with the record's primary key; returns whether there was one.
    @discardableResult
    public func delete(in db: SQLConnection) async throws -> Bool {
        let sql = "DELETE FROM " + Self.schema.quotedName + " WHERE " + SQLDialect.quote(Self.primaryKeyColumn) + " = ?"
        return try await db.execute(sql, [primaryKey]) > 0
    }

    // MARK: - Columns written

    /// Every column, quoted, with the record's values.
    private func allColumns() -> (columns: [String], values: [SQLValue]) {
        (Self.schema.columns.map { SQLDialect.quote($0.name) }, columnValues)
    }

    /// The columns an insert gives, quoted (all but a key the database numbers), with the
    /// record's values.
    private func insertedColumns() -> (columns: [String], values: [SQLValue]) {
        let all = allColumns()
        guard Self.schema.generatesKey, let index = Self.columnNames.firstIndex(of: Self.primaryKeyColumn) else { return all }
        var columns = all.columns
        var values = all.values
        columns.remove(at: index)
        values.remove(at: index)
        return (columns, values)
    }

    /// `?, ?, ?`.
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// Runs a write whose one row returns the primary key.
    private func returnedKey(_ sql: String, _ values: [SQLValue], in db: SQLConnection) async throws -> PrimaryKey {
        guard let key = try await db.fetchValue(PrimaryKey.self, sql, SQLArguments(values)) else {
            throw SQLDecodingError(column: 0, type: String(describing: PrimaryKey.self), value: "no row")
        }
        return key
    }
}
