// MARK: - SchemaChange

/// One step from a database's tables to its models': what `migrate --plan` prints and a
/// written migration applies (``SQLConnection/apply(_:)``), each spelled out in full so the
/// migration keeps the schema of the day it was written.
public enum SchemaChange: Sendable, Equatable {
    /// Makes a table and its indexes.
    case createTable(TableSchema)
    /// Adds a column to `table` (rows already there get its default, or its kind's zero).
    case addColumn(ColumnSchema, table: String)
    /// Drops `column` of `table`.
    case dropColumn(String, table: String)
    /// Changes `column`'s kind or nullability to what `table` says (PostgreSQL alters it;
    /// SQLite, which cannot, copies the table into a new one of that schema).
    case alterColumn(String, table: TableSchema)
    /// Adds the index `column`'s flags ask for.
    case createIndex(ColumnSchema, table: String)
    /// Drops the index called `name`.
    case dropIndex(String)

    /// One line saying what the change does, for `migrate --plan`.
    package var summary: String {
        switch self {
        case .createTable(let table): "create table \(table.name) (\(table.columns.map(\.name).joined(separator: ", ")))"
        case .addColumn(let column, let table): "add column \(table).\(column.name) \(column.summary)"
        case .dropColumn(let column, let table): "drop column \(table).\(column)"
        case .alterColumn(let column, let table):
            "alter column \(table.name).\(column) to \(table.column(column)?.summary ?? "?")"
        case .createIndex(let column, let table):
            "create \(column.isUnique ? "unique " : "")index \(TableSchema.indexName(table: table, column: column.name))"
        case .dropIndex(let name): "drop index \(name)"
        }
    }
}

extension ColumnSchema {
    /// `integer`, `text null`: the kind and nullability, for a plan's line.
    var summary: String { kind.rawValue + (isNullable ? " null" : " not null") }
}
