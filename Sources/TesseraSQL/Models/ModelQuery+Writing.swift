// MARK: - Writing by query

extension ModelQuery {
    /// Sets `assignments` on every row that meets the filter, in one statement, and returns how
    /// many it changed. With a condition that holds only while the write is allowed, it is the
    /// safe form of a read-then-write on both databases:
    ///
    /// ```swift
    /// let booked = try await Klass.filter(\.id == id && \.booked < \.capacity)
    ///     .update([.increment(\.booked, by: 1)], in: db)   // 0: full
    /// ```
    @discardableResult
    package func update(_ assignments: [ColumnAssignment<Model>], in db: SQLConnection) async throws -> Int {
        precondition(!assignments.isEmpty, "an update sets at least one column")
        let from = fromClause
        var sql = "UPDATE " + Model.schema.quotedName + " SET " + assignments.map(\.sql).joined(separator: ", ")
        if let predicate { sql += " WHERE " + predicate.sql }
        return try await db.execute(sql, SQLArguments(assignments.flatMap(\.arguments) + from.arguments))
    }

    /// Deletes every row that meets the filter and returns how many.
    @discardableResult
    package func delete(in db: SQLConnection) async throws -> Int {
        let from = fromClause
        return try await db.execute("DELETE" + from.sql, SQLArguments(from.arguments))
    }
}
