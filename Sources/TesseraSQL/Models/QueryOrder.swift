// MARK: - QueryOrder

/// One key of a query's order: a column, its direction, and how to read its value from a
/// record (for a cursor after that record).
struct QueryOrder<Model: SQLModel>: Sendable {
    /// The column, quoted.
    let column: String
    /// Whether the largest comes first.
    let descending: Bool
    /// The column's value in a record.
    let value: @Sendable (Model) -> SQLValue

    /// The `ORDER BY` term.
    var sql: String { descending ? column + " DESC" : column }
}
