import Tessera

// MARK: - ColumnOrderedRecord

/// A record that decodes rows by position (``SQLRecord``): its table starts with
/// ``columnOrder`` (the table's own order, so a column added later comes after them), and
/// stores select exactly those columns, with ``columns`` or, across a join, ``qualifiedColumns``.
///
/// The same SQL runs on SQLite and PostgreSQL: the table's name is quoted (`user` is a reserved
/// word in PostgreSQL) and always lower case; the columns are not quoted, so PostgreSQL folds
/// `userID` to the `userid` it created.
public protocol ColumnOrderedRecord: SQLRecord {
    /// The table, in lower case.
    static var databaseTableName: String { get }
    /// The columns `init(row:)` reads, in order.
    static var columnOrder: [String] { get }
}

extension ColumnOrderedRecord {
    /// The table's name quoted for both databases: `"user"`.
    static var table: String { "\"\(databaseTableName)\"" }

    /// ``columnOrder`` as a `SELECT` list of one table: `id, userID, title, …`.
    static var columns: String { columnOrder.joined(separator: ", ") }

    /// ``columnOrder`` qualified by the table's name, for an SQL `SELECT` list that joins
    /// tables: `"blog".id, "blog".userID, …`.
    static var qualifiedColumns: String {
        columnOrder.map { "\(table).\($0)" }.joined(separator: ", ")
    }
}
