import Foundation

// MARK: - DDL

extension TableSchema {
    /// The statements that make the table and its indexes on `dialect`.
    package func createStatements(in dialect: SQLDialect) -> [String] {
        [createTable(named: name, in: dialect)] + indexes.map { $0.createStatement(on: name) }
    }

    /// `CREATE TABLE` under `table` (the table's own name, or a new one to copy into).
    func createTable(named table: String, in dialect: SQLDialect) -> String {
        "CREATE TABLE " + SQLDialect.quote(table) + " (" + columns.map { definition(of: $0, in: dialect) }.joined(separator: ", ") + ")"
    }

    /// `column`'s definition in `CREATE TABLE`: the primary key's, or any other's.
    func definition(of column: ColumnSchema, in dialect: SQLDialect) -> String {
        guard column.name == primaryKey else { return column.definition(in: dialect) }
        return SQLDialect.quote(column.name) + " "
            + (generatesKey ? dialect.autoIncrementPrimaryKey : column.kind.sqlType(in: dialect) + " PRIMARY KEY NOT NULL")
    }
}

extension ColumnSchema {
    /// The definition of a column that is not the primary key, in `CREATE TABLE` or
    /// `ADD COLUMN`.
    func definition(in dialect: SQLDialect) -> String {
        var definition = SQLDialect.quote(name) + " " + kind.sqlType(in: dialect)
        if !isNullable { definition += " NOT NULL" }
        if let defaultValue { definition += " DEFAULT " + defaultValue.literal(in: dialect) }
        if let references {
            definition += " REFERENCES " + SQLDialect.quote(references.table) + " (" + SQLDialect.quote(references.column) + ")"
                + references.onDelete.clause
        }
        return definition
    }
}

extension TableSchema.Index {
    /// `CREATE [UNIQUE] INDEX IF NOT EXISTS` (a table SQLite copied has its indexes already).
    func createStatement(on table: String) -> String {
        "CREATE " + (isUnique ? "UNIQUE " : "") + "INDEX IF NOT EXISTS " + SQLDialect.quote(name) + " ON " + SQLDialect.quote(table) + " ("
            + SQLDialect.quote(column) + ")"
    }
}

// MARK: - Literals

extension SQLValue {
    /// The value written into DDL (a column's default), where no placeholder is allowed.
    func literal(in dialect: SQLDialect) -> String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case .bool(let value): dialect == .sqlite ? (value ? "1" : "0") : (value ? "TRUE" : "FALSE")
        case .date(let value): "'" + StoredDate.text(value) + "'"
        case .blob(let bytes):
            dialect == .sqlite
                ? "X'" + bytes.map { String(format: "%02X", $0) }.joined() + "'"
                : "'\\x" + bytes.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }
}
