// MARK: - BackOfficeRecord

/// One row of a registered table, every column read as its kind, in the schema's order.
struct BackOfficeRecord: Sendable {
    /// The row's values, one per column of the schema.
    let values: [SQLValue]
    /// The schema it was read with.
    let schema: TableSchema

    /// The value of `column`, or `NULL` when the schema has no such column.
    subscript(column: String) -> SQLValue {
        guard let index = schema.columns.firstIndex(where: { $0.name == column }) else { return .null }
        return values[index]
    }

    /// Its primary key.
    var key: SQLValue { self[schema.primaryKey] }

    /// Its primary key as an address holds it.
    var keyText: String { BackOfficeValues.text(key) ?? "" }
}
