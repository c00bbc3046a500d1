#if PostgreSQL
import Logging
import NIOCore
import PostgresNIO

// MARK: - Running on PostgreSQL

extension SQLConnection {
    /// Runs `sql` on a PostgreSQL connection, its `?`s numbered: as a named prepared statement
    /// when `prepares` (``PostgresStatementCache``), otherwise unnamed.
    static func run(
        _ sql: String, _ arguments: SQLArguments, on connection: PostgresConnection, logger: Logger, prepares: Bool,
        _ body: (SQLRow) throws -> Void
    ) async throws -> Int {
        var bindings = PostgresBindings(capacity: arguments.values.count)
        for value in arguments.values { bindings.append(value) }
        let numbered = PostgresPlaceholders.numbered(sql)
        if prepares, let name = PostgresStatementCache.name(for: numbered, arguments) {
            let ran = try await PostgresStatementCache.run(numbered, named: name, bindings, on: connection, logger: logger) { row in
                try body(SQLRow(postgres: row.makeRandomAccess()))
            }
            if ran { return 0 }
        }
        let query = PostgresQuery(unsafeSQL: numbered, binds: bindings)
        let future: EventLoopFuture<PostgresQueryResult> = connection.query(query, logger: logger)
        let result = try await future.get()
        for row in result.rows { try body(SQLRow(postgres: row.makeRandomAccess())) }
        return result.metadata.rows ?? 0
    }
}

// MARK: - Binding

extension PostgresBindings {
    /// Appends `value` with its PostgreSQL type (`int8`, `float8`, `text`, `bytea`,
    /// `timestamptz`, `bool`; `NULL` untyped, so the server infers it).
    mutating func append(_ value: SQLValue) {
        switch value {
        case .null: appendNull()
        case .integer(let value): append(value)
        case .real(let value): append(value)
        case .text(let value): append(value)
        case .blob(let value): append(ByteBuffer(bytes: value))
        case .date(let value): append(value)
        case .bool(let value): append(value)
        }
    }
}
#endif
