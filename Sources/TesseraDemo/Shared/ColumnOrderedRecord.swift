import Tessera

// MARK: - ColumnOrderedRecord

/// A demo record (``SQLRecord``) with its table: its table starts with the record's
/// ``SQLRecord/columnNames`` (the table's own order, so a column added later comes after them),
/// and stores select exactly those columns, with ``SQLRecord/columns`` or, across a join,
/// ``qualifiedColumns``.
///
/// The same SQL runs on SQLite and PostgreSQL: the table's name is quoted (`user` is a reserved
/// word in PostgreSQL) and always lower case; the columns are not quoted, so PostgreSQL folds
/// `userID` to the `userid` it created.
public protocol ColumnOrderedRecord: SQLRecord {
    /// The table, in lower case.
    static var databaseTableName: String { get }
}

extension ColumnOrderedRecord {
    /// The table's name quoted for both databases: `"user"`.
    static var table: String { "\"\(databaseTableName)\"" }

    /// The columns qualified by the table's quoted name, for an SQL `SELECT` list that joins
    /// tables: `"blog".id, "blog".userID, …`.
    static var qualifiedColumns: String { columns(of: table) }
}
