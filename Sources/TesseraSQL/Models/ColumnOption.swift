// MARK: - ColumnOption

/// What `@Column(…)` says of a model's column beyond its type.
public enum ColumnOption: Sendable, Equatable {
    /// The primary key, given by the app (a member's id in a table of their details).
    case primaryKey
    /// The primary key, numbered by the database: `insert` leaves it out and returns it. A
    /// model without a marked key has `id` as this.
    case autoIncrement
    /// No two rows hold the same value (a unique index; `NULL`s do not clash).
    case unique
    /// An index on the column, for lookups and orderings by it.
    case indexed
}
