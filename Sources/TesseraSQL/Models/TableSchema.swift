// MARK: - TableSchema

/// A table as a model declares it: its columns in order, its primary key, and from the columns
/// its indexes and references. `migrate --plan` compares it with the database's table.
public struct TableSchema: Sendable, Equatable {
    /// The table's name.
    package let name: String
    /// The columns, in the model's order.
    package let columns: [ColumnSchema]
    /// The primary key's column.
    package let primaryKey: String
    /// Whether the database numbers the primary key (an integer key `insert` leaves out).
    package let generatesKey: Bool
    /// The table's name, quoted.
    let quotedName: String
    /// The columns, quoted, as a `SELECT` list.
    let selectList: String
    /// The statement that reads one row by its primary key (one `?`), made once: a lookup by
    /// key builds no SQL.
    let selectByKey: String

    /// A table of `columns` whose key is `primaryKey`, numbered by the database when
    /// `generatesKey`.
    public init(_ name: String, columns: [ColumnSchema], primaryKey: String, generatesKey: Bool) {
        self.name = name
        self.columns = columns
        self.primaryKey = primaryKey
        self.generatesKey = generatesKey
        quotedName = SQLDialect.quote(name)
        selectList = columns.map { SQLDialect.quote($0.name) }.joined(separator: ", ")
        selectByKey = "SELECT " + selectList + " FROM " + quotedName + " WHERE " + SQLDialect.quote(primaryKey) + " = ? LIMIT 1"
    }

    /// The column called `name` (compared as both databases do, ignoring case).
    package func column(_ name: String) -> ColumnSchema? {
        columns.first { $0.name.lowercased() == name.lowercased() }
    }

    // MARK: - Indexes

    /// One index a table's columns ask for.
    struct Index: Equatable {
        var name: String
        var column: String
        var isUnique: Bool
    }

    /// The indexes of the unique and indexed columns (the primary key has its own).
    var indexes: [Index] {
        columns.compactMap { column in
            guard column.name != primaryKey, column.isUnique || column.isIndexed else { return nil }
            return Index(name: Self.indexName(table: name, column: column.name), column: column.name, isUnique: column.isUnique)
        }
    }

    /// The index name Tessera gives `column`'s index: `klass_on_level`.
    static func indexName(table: String, column: String) -> String {
        (table + "_on_" + column).lowercased()
    }
}
