import GRDB

// MARK: - ColumnOrderedRecord

/// A record that decodes rows by position: its table starts with ``columnOrder`` (the table's
/// own order, so `SELECT *` gives them as they are, and a column added later comes after them),
/// and requests built with the query interface select exactly those columns.
///
/// Reading by position skips GRDB's lookup of each column by name, which lowercased and hashed
/// the name of every camel-cased column of every row (2.5% of the home page).
public protocol ColumnOrderedRecord: FetchableRecord, TableRecord {
    /// The columns `init(row:)` reads, in order.
    static var columnOrder: [String] { get }
}

extension ColumnOrderedRecord {
    /// Exactly ``columnOrder``.
    public static var databaseSelection: [any SQLSelectable] { columnOrder.map { Column($0) } }

    /// ``columnOrder`` qualified by the table's name, for an SQL `SELECT` list that joins
    /// tables: `"blog"."id", "blog"."userID", …`.
    static var qualifiedColumns: String {
        columnOrder.map { "\"\(databaseTableName)\".\"\($0)\"" }.joined(separator: ", ")
    }
}
