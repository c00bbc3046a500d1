import Tessera

// MARK: - Inserting

extension SQLConnection {
    /// Runs `sql`, an `INSERT … RETURNING id` of one row, and returns the id the database
    /// numbered the row with (the same way on SQLite and PostgreSQL: no "last inserted row").
    func insertReturningID(_ sql: String, _ arguments: SQLArguments = []) async throws -> Int64 {
        guard let id = try await fetchValue(Int64.self, sql, arguments) else { throw NoRowInserted(sql: sql) }
        return id
    }
}

// MARK: - NoRowInserted

/// An `INSERT … RETURNING id` that returned no row (a conflict it was told to ignore, say).
struct NoRowInserted: Error, CustomStringConvertible {
    /// The statement.
    let sql: String

    var description: String { "no row was inserted by: \(sql)" }
}
