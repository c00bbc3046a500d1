// MARK: - ColumnAssignment

/// One column set by an update by query: `.set(\.capacity, 20)`, `.increment(\.booked, by: 1)`.
package struct ColumnAssignment<Model: SQLModel>: Sendable {
    /// `column = …`, with `?` for each of ``arguments``.
    let sql: String
    /// The placeholders' values.
    let arguments: [SQLValue]

    /// Sets `keyPath`'s column to `value`.
    package static func set<Value: SQLColumnValue>(_ keyPath: KeyPath<Model, Value>, _ value: Value) -> ColumnAssignment {
        ColumnAssignment(sql: Model.quotedColumn(keyPath) + " = ?", arguments: [value.sqlValue])
    }

    /// Adds `amount` to `keyPath`'s column, in the database (so two updates at once both count).
    package static func increment<Value: SQLColumnValue & Numeric>(_ keyPath: KeyPath<Model, Value>, by amount: Value) -> ColumnAssignment {
        let column = Model.quotedColumn(keyPath)
        return ColumnAssignment(sql: column + " = " + column + " + ?", arguments: [amount.sqlValue])
    }
}
