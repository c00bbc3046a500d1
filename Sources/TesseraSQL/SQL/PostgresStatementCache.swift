#if PostgreSQL
import Synchronization
import PostgresNIO

// MARK: - PostgresStatementCache

/// Runs a query as a named prepared statement on PostgreSQL: parsed and planned once per
/// connection, then only bound and executed. An unnamed statement is parsed and planned again on
/// every run, which costs the server about as much as the run itself for a page's small queries.
///
/// postgres-nio prepares statements per connection, on first use, for a type conforming to
/// `PostgresPreparedStatement`, whose name and SQL are static. Tessera's statements are strings,
/// so ``Statement`` reads them from a task-local value bound around the call (postgres-nio reads
/// both before its first suspension, and again on the same task when reporting an error).
///
/// Each distinct SQL text, with the types of its arguments, gets its own name
/// (`tessera_1`, `tessera_2`, …): a `NULL` argument leaves its parameter's type to the server,
/// so `WHERE userID = $1` with `NULL` and with an `int8` are two statements. Up to ``capacity``
/// names are given out per process; statements beyond (SQL built on the fly with changing text)
/// run unnamed.
enum PostgresStatementCache {
    /// The most names handed out (retired ones included); each connection may hold as many
    /// prepared statements.
    static let capacity = 1000

    private struct Key: Hashable {
        let sql: String
        let kinds: [UInt8]
    }

    private struct Names {
        var byKey: [Key: String] = [:]
        /// Names handed out so far, retired ones included: the next is `tessera_\(given + 1)`.
        var given = 0
    }

    private static let names = Mutex(Names())

    /// The name of `sql` bound with `arguments` (told apart by the kind of each argument), or
    /// nil when the cache is full.
    static func name(for sql: String, _ arguments: SQLArguments) -> String? {
        let key = Key(sql: sql, kinds: arguments.values.map(\.kind))
        return names.withLock { names in
            if let name = names.byKey[key] { return name }
            guard names.given < capacity else { return nil }
            names.given += 1
            let name = "tessera_\(names.given)"
            names.byKey[key] = name
            return name
        }
    }

    /// Runs `sql` with `bindings` as the prepared statement `name` on `connection`, handing each
    /// row to `body` as it arrives. Returns false, having handed no row, when the server refused
    /// the statement because a table it reads changed shape since it was prepared (a migration by
    /// another process): the name is retired, so the next run prepares the SQL afresh, and the
    /// caller runs it unnamed this time.
    static func run(
        _ sql: String, named name: String, _ bindings: PostgresBindings, on connection: PostgresConnection, logger: Logger,
        _ body: (PostgresRow) throws -> Void
    ) async throws -> Bool {
        let rows: AsyncThrowingMapSequence<PostgresRowSequence, PostgresRow>
        do {
            rows = try await $current.withValue(Current(name: name, sql: sql)) {
                try await connection.execute(Statement(bindings: bindings), logger: logger)
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == featureNotSupported {
            retire(name)
            return false
        }
        for try await row in rows { try body(row) }
        return true
    }

    /// SQLSTATE 0A000, which PostgreSQL answers with "cached plan must not change result type".
    private static let featureNotSupported = "0A000"

    /// Forgets the name given to a statement, so the next run of its SQL gets a new one.
    private static func retire(_ name: String) {
        names.withLock { names in
            guard let key = names.byKey.first(where: { $0.value == name })?.key else { return }
            names.byKey[key] = nil
        }
    }

    // MARK: - The statement postgres-nio prepares

    struct Current: Sendable {
        let name: String
        let sql: String
    }

    @TaskLocal static var current = Current(name: "", sql: "")

    /// A statement whose name and SQL are the task's ``current`` ones; its parameter types are
    /// taken from its bindings.
    struct Statement: PostgresPreparedStatement {
        typealias Row = PostgresRow
        static var name: String { PostgresStatementCache.current.name }
        static var sql: String { PostgresStatementCache.current.sql }
        let bindings: PostgresBindings
        func makeBindings() throws -> PostgresBindings { bindings }
        func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
    }
}

extension SQLValue {
    /// Which case this is, as PostgreSQL's type for it depends on nothing else.
    fileprivate var kind: UInt8 {
        switch self {
        case .null: 0
        case .integer: 1
        case .real: 2
        case .text: 3
        case .blob: 4
        case .date: 5
        case .bool: 6
        }
    }
}
#endif
