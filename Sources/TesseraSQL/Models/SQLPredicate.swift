// MARK: - SQLPredicate

/// A condition on a model's rows, made from key paths and values and checked by the compiler:
/// `\.level == .beginner && \.startsAt > now`, `\.instructorID.isNil`, `(\.id).in(ids)`.
///
/// It is SQL with `?` placeholders and their values, written as it is made; the values are
/// always bound, never written into the SQL.
package struct SQLPredicate<Model: SQLModel>: Sendable {
    /// The condition, with `?` for each of ``arguments``.
    let sql: String
    /// The placeholders' values, in order.
    let arguments: [SQLValue]

    init(_ sql: String, _ arguments: [SQLValue] = []) {
        self.sql = sql
        self.arguments = arguments
    }

    /// A condition written in SQL, for what the operators cannot say: `?` placeholders bound
    /// to `arguments`, column names as created (`"startsAt" < date('now')`).
    package static func sql(_ sql: String, _ arguments: SQLArguments = []) -> SQLPredicate {
        SQLPredicate("(" + sql + ")", arguments.values)
    }

    /// Every row.
    package static var all: SQLPredicate { SQLPredicate("TRUE") }

    // MARK: - Combining

    /// Both conditions.
    package static func && (lhs: SQLPredicate, rhs: SQLPredicate) -> SQLPredicate {
        SQLPredicate("(" + lhs.sql + " AND " + rhs.sql + ")", lhs.arguments + rhs.arguments)
    }

    /// Either condition.
    package static func || (lhs: SQLPredicate, rhs: SQLPredicate) -> SQLPredicate {
        SQLPredicate("(" + lhs.sql + " OR " + rhs.sql + ")", lhs.arguments + rhs.arguments)
    }

    /// The opposite condition.
    package static prefix func ! (predicate: SQLPredicate) -> SQLPredicate {
        SQLPredicate("NOT " + predicate.sql, predicate.arguments)
    }

    // MARK: - Comparing

    /// `column op ?`.
    static func compare(_ keyPath: PartialKeyPath<Model>, _ operation: String, _ value: SQLValue) -> SQLPredicate {
        SQLPredicate(Model.quotedColumn(keyPath) + " " + operation + " ?", [value])
    }

    /// `column op other`, two columns of the same row.
    static func compare(_ keyPath: PartialKeyPath<Model>, _ operation: String, column other: PartialKeyPath<Model>) -> SQLPredicate {
        SQLPredicate(Model.quotedColumn(keyPath) + " " + operation + " " + Model.quotedColumn(other))
    }
}
