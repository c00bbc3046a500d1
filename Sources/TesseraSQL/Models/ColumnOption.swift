// MARK: - ColumnOption

/// What `@Column(…)` says of a model's column beyond its type: its key, index and uniqueness,
/// and the checks every write and form of the record makes (``Changeset``).
///
/// ```swift
/// @Column(.unique, .length(min: 2, max: 80)) var title: String
/// @Column(.range(1...40)) var capacity: Int = 12
/// @Column(.format(.email)) var contact: String?
/// @Column(.allowsEmpty, .length(max: 2000)) var notes: String = ""
/// ```
public enum ColumnOption: Sendable, Equatable {
    /// The primary key, given by the app (a member's id in a table of their details).
    case primaryKey
    /// The primary key, numbered by the database: `insert` leaves it out and returns it. A
    /// model without a marked key has `id` as this.
    case autoIncrement
    /// No two rows hold the same value (a unique index; `NULL`s do not clash). A changeset
    /// turns the database's refusal into this field's problem.
    case unique
    /// An index on the column, for lookups and orderings by it.
    case indexed
    /// Text that may be empty. Without it, a non-optional `String` column must not be (an
    /// optional one keeps `nil` for an empty field).
    case allowsEmpty
    /// Text of `min` to `max` characters, counted in Unicode scalars as a form's
    /// `TextField` counts them.
    case length(min: Int = 0, max: Int)
    /// A number within `range` (integers and reals alike).
    case range(ClosedRange<Double>)
    /// Text of a format: an e-mail address, a web address.
    case format(TextFormat)
}
