// MARK: - Reading

extension ModelQuery {
    /// The rows, decoded, in the query's order.
    public func all(in db: SQLConnection) async throws -> [Model] {
        let statement = select(Model.schema.selectList, in: db.dialect)
        return try await db.fetchAll(statement.sql, statement.arguments) { try Model(row: $0) }
    }

    /// The first row, or nil (the query limited to one row).
    package func first(in db: SQLConnection) async throws -> Model? {
        let statement = limit(1).select(Model.schema.selectList, in: db.dialect)
        return try await db.fetchOne(statement.sql, statement.arguments) { try Model(row: $0) }
    }

    /// How many rows meet the filter (its order, limit and offset aside: a pager's total).
    package func count(in db: SQLConnection) async throws -> Int {
        let from = fromClause
        return try await db.fetchValue(Int.self, "SELECT COUNT(*)" + from.sql, SQLArguments(from.arguments)) ?? 0
    }

    /// Whether any row meets the filter.
    package func exists(in db: SQLConnection) async throws -> Bool {
        let from = fromClause
        return try await db.fetchValue(Bool.self, "SELECT EXISTS (SELECT 1" + from.sql + ")", SQLArguments(from.arguments)) ?? false
    }

    // MARK: - Aggregates

    /// The sum of `keyPath`'s column over the rows that meet the filter; nil when none do.
    package func sum<Value: SQLColumnValue & Numeric>(_ keyPath: KeyPath<Model, Value>, in db: SQLConnection) async throws -> Value? {
        try await aggregate("SUM", keyPath, as: Value.columnKind, in: db)
    }

    /// The smallest value of `keyPath`'s column; nil when no row meets the filter.
    package func min<Value: SQLColumnValue & Comparable>(_ keyPath: KeyPath<Model, Value>, in db: SQLConnection) async throws -> Value? {
        try await aggregate("MIN", keyPath, as: nil, in: db)
    }

    /// The largest value of `keyPath`'s column; nil when no row meets the filter.
    package func max<Value: SQLColumnValue & Comparable>(_ keyPath: KeyPath<Model, Value>, in db: SQLConnection) async throws -> Value? {
        try await aggregate("MAX", keyPath, as: nil, in: db)
    }

    /// The mean of `keyPath`'s column; nil when no row meets the filter.
    package func average(_ keyPath: KeyPath<Model, some SQLColumnValue & Numeric>, in db: SQLConnection) async throws -> Double? {
        try await aggregate("AVG", keyPath, as: .real, in: db)
    }

    /// How many rows that meet the filter hold each value of `keyPath`'s column, smallest value
    /// first.
    package func count<Value: SQLColumnValue>(groupedBy keyPath: KeyPath<Model, Value>, in db: SQLConnection) async throws
        -> [(value: Value, count: Int)]
    {
        let column = Model.quotedColumn(keyPath)
        let from = fromClause
        let sql = "SELECT " + column + ", COUNT(*)" + from.sql + " GROUP BY " + column + " ORDER BY " + column
        return try await db.fetchAll(sql, SQLArguments(from.arguments)) { row -> (value: Value, count: Int) in (try row[0], try row[1]) }
    }

    /// `function(column)` over the rows that meet the filter, cast to `kind`'s type when given
    /// (PostgreSQL's `SUM` of a `BIGINT` is a `NUMERIC`, its `AVG` too).
    private func aggregate<Value: SQLDecodable>(
        _ function: String, _ keyPath: PartialKeyPath<Model>, as kind: ColumnKind?, in db: SQLConnection
    ) async throws -> Value? {
        var value = function + "(" + Model.quotedColumn(keyPath) + ")"
        if let kind { value = "CAST(" + value + " AS " + kind.sqlType(in: db.dialect) + ")" }
        let from = fromClause
        return try await db.fetchOne("SELECT " + value + from.sql, SQLArguments(from.arguments)) { row -> Value? in try row[0] }
            ?? nil
    }
}
