// MARK: - Comparisons

/// `column = value`; an optional column compared to `nil` is `IS NULL`.
package func == <Model: SQLModel, Value: SQLColumnValue>(lhs: KeyPath<Model, Value>, rhs: Value) -> SQLPredicate<Model> {
    let value = rhs.sqlValue
    if value == .null { return SQLPredicate(Model.quotedColumn(lhs) + " IS NULL") }
    return .compare(lhs, "=", value)
}

/// `column <> value`; an optional column compared to `nil` is `IS NOT NULL`.
package func != <Model: SQLModel, Value: SQLColumnValue>(lhs: KeyPath<Model, Value>, rhs: Value) -> SQLPredicate<Model> {
    let value = rhs.sqlValue
    if value == .null { return SQLPredicate(Model.quotedColumn(lhs) + " IS NOT NULL") }
    return .compare(lhs, "<>", value)
}

/// `column < value`.
package func < <Model: SQLModel, Value: SQLColumnValue>(lhs: KeyPath<Model, Value>, rhs: Value) -> SQLPredicate<Model> {
    .compare(lhs, "<", rhs.sqlValue)
}

/// `column <= value`.
package func <= <Model: SQLModel, Value: SQLColumnValue>(lhs: KeyPath<Model, Value>, rhs: Value) -> SQLPredicate<Model> {
    .compare(lhs, "<=", rhs.sqlValue)
}

/// `column > value`.
package func > <Model: SQLModel, Value: SQLColumnValue>(lhs: KeyPath<Model, Value>, rhs: Value) -> SQLPredicate<Model> {
    .compare(lhs, ">", rhs.sqlValue)
}

/// `column >= value`.
package func >= <Model: SQLModel, Value: SQLColumnValue>(lhs: KeyPath<Model, Value>, rhs: Value) -> SQLPredicate<Model> {
    .compare(lhs, ">=", rhs.sqlValue)
}

// MARK: - Two columns

/// `column = other`, two columns of the same row.
package func == <Model: SQLModel, Value: SQLColumnValue>(lhs: KeyPath<Model, Value>, rhs: KeyPath<Model, Value>) -> SQLPredicate<Model> {
    .compare(lhs, "=", column: rhs)
}

/// `column < other`: `\.booked < \.capacity`, for a conditional update that cannot overbook.
package func < <Model: SQLModel, Value: SQLColumnValue>(lhs: KeyPath<Model, Value>, rhs: KeyPath<Model, Value>) -> SQLPredicate<Model> {
    .compare(lhs, "<", column: rhs)
}

/// `column <= other`.
package func <= <Model: SQLModel, Value: SQLColumnValue>(lhs: KeyPath<Model, Value>, rhs: KeyPath<Model, Value>) -> SQLPredicate<Model> {
    .compare(lhs, "<=", column: rhs)
}

// MARK: - Tests

extension SQLPredicate {
    /// `column IN (…)`: `.isIn(\.level, [.beginner, .advanced])`; an empty list matches no row.
    package static func isIn<Value: SQLColumnValue>(_ keyPath: KeyPath<Model, Value>, _ values: some Sequence<Value>) -> SQLPredicate {
        var arguments = SQLArguments([])
        let marks = arguments.appendList(values)
        return SQLPredicate(Model.quotedColumn(keyPath) + " IN (" + marks + ")", arguments.values)
    }

    /// `column LIKE pattern`: `.like(\.title, "Yoga%")` (`%` any text, `_` one character;
    /// SQLite ignores ASCII case, PostgreSQL does not).
    package static func like(_ keyPath: KeyPath<Model, some SQLColumnValue>, _ pattern: String) -> SQLPredicate {
        SQLPredicate(Model.quotedColumn(keyPath) + " LIKE ?", [.text(pattern)])
    }

    /// `column IS NULL`: `.isNil(\.instructorID)`.
    package static func isNil(_ keyPath: KeyPath<Model, some SQLColumnValue>) -> SQLPredicate {
        SQLPredicate(Model.quotedColumn(keyPath) + " IS NULL")
    }

    /// `column IS NOT NULL`.
    package static func isNotNil(_ keyPath: KeyPath<Model, some SQLColumnValue>) -> SQLPredicate {
        SQLPredicate(Model.quotedColumn(keyPath) + " IS NOT NULL")
    }
}
