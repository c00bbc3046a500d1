// MARK: - Schema changes

extension SQLConnection {
    /// Makes `model`'s table and indexes, as its schema says today: for a migration that
    /// registers a new model (a written migration spells the schema out instead, see
    /// ``apply(_:)``).
    package func createTable(_ model: any SQLModel.Type) async throws {
        try await apply(.createTable(model.schema))
    }

    /// Applies one schema change, in this connection's dialect (each statement counted).
    public func apply(_ change: SchemaChange) async throws {
        switch change {
        case .createTable(let table):
            for statement in table.createStatements(in: dialect) { try await execute(statement) }
        case .addColumn(let column, let table):
            var added = column
            if !column.isNullable, column.defaultValue == nil { added.defaultValue = column.kind.zero }
            try await execute("ALTER TABLE " + SQLDialect.quote(table) + " ADD COLUMN " + added.definition(in: dialect))
        case .dropColumn(let column, let table):
            try await execute("ALTER TABLE " + SQLDialect.quote(table) + " DROP COLUMN " + SQLDialect.quote(column))
        case .alterColumn(let column, let table):
            try await alter(column, of: table)
        case .createIndex(let column, let table):
            let index = TableSchema.Index(name: TableSchema.indexName(table: table, column: column.name), column: column.name, isUnique: column.isUnique)
            try await execute(index.createStatement(on: table))
        case .dropIndex(let name):
            try await execute("DROP INDEX " + SQLDialect.quote(name))
        }
    }

    // MARK: - Altering

    /// Changes `column`'s type and nullability to `table`'s: in place on PostgreSQL; on SQLite
    /// by copying the rows into a new table of that schema, which is refused when another
    /// table refers to this one (dropping it would delete or orphan their rows).
    private func alter(_ column: String, of table: TableSchema) async throws {
        guard let target = table.column(column) else { return }
        let name = SQLDialect.quote(table.name)
        let quotedColumn = SQLDialect.quote(column)
        switch dialect {
        case .postgres:
            let type = target.kind.sqlType(in: .postgres)
            try await execute("ALTER TABLE \(name) ALTER COLUMN \(quotedColumn) TYPE \(type) USING \(quotedColumn)::\(type)")
            try await execute("ALTER TABLE \(name) ALTER COLUMN \(quotedColumn) \(target.isNullable ? "DROP" : "SET") NOT NULL")
        case .sqlite:
            let referring = try await fetchValues(
                String.self,
                "SELECT m.name FROM sqlite_master AS m, pragma_foreign_key_list(m.name) AS f WHERE m.type = 'table' AND lower(f.\"table\") = ? AND lower(m.name) <> ?",
                [table.name.lowercased(), table.name.lowercased()])
            guard referring.isEmpty else { throw SchemaChangeError.referredTo(table: table.name, by: referring) }
            let copy = table.name + "_tessera_new"
            let columns = table.columns.map { SQLDialect.quote($0.name) }.joined(separator: ", ")
            try await execute(table.createTable(named: copy, in: .sqlite))
            try await execute("INSERT INTO \(SQLDialect.quote(copy)) (\(columns)) SELECT \(columns) FROM \(name)")
            try await execute("DROP TABLE \(name)")
            try await execute("ALTER TABLE \(SQLDialect.quote(copy)) RENAME TO \(name)")
            for index in table.indexes { try await execute(index.createStatement(on: table.name)) }
        }
    }
}

// MARK: - SchemaChangeError

/// A schema change the database cannot make as written.
package enum SchemaChangeError: Error, CustomStringConvertible {
    /// SQLite changes a column by copying its table, which would drop the rows of the tables
    /// that refer to it.
    case referredTo(table: String, by: [String])

    package var description: String {
        switch self {
        case .referredTo(let table, let tables):
            "SQLite cannot change a column of \(table) in place, and copying it would drop the rows of \(tables.joined(separator: ", ")), which refer to it: write this step by hand"
        }
    }
}
