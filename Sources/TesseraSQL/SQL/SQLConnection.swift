import Foundation
import GRDB
import Logging
import NIOCore
#if PostgreSQL
import PostgresNIO
#endif

// MARK: - SQLConnection

/// A connection lent to a store's `read` or `write` closure, on SQLite or PostgreSQL alike.
///
/// Statements are written once, with `?` placeholders (numbered for PostgreSQL by Tessera),
/// one statement per call; results are decoded by column position (``SQLRow``). What is
/// portable between the two databases is listed in the Guide's "SQL that runs on both";
/// where a statement must differ, branch on ``dialect``.
///
/// The connection is valid only inside the closure it was lent to.
public struct SQLConnection: Sendable {
    enum Driver: Sendable {
        /// A page reader's connection (``PageReaders``), in its read-only snapshot.
        case sqliteReader(PageReaders, Int)
        /// The pool's writer, inside a transaction this process's writer lock holds.
        case sqliteWriter(DatabasePool)
        #if PostgreSQL
        /// A PostgreSQL connection; `prepares` when its queries run as prepared statements
        /// (outside a transaction only: a failed one would end the transaction).
        case postgres(PostgresConnection, Logger, prepares: Bool)
        #endif
    }

    let driver: Driver
    /// Where statements are counted (a request's or a component's counter), if anywhere.
    let counter: QueryCounter?
    /// The app's tables, which name what each counted statement read.
    var catalog: TableCatalog?

    /// Which database this is.
    public var dialect: SQLDialect {
        #if PostgreSQL
        if case .postgres = driver { return .postgres }
        #endif
        return .sqlite
    }

    // MARK: - Statements

    /// Runs one statement that returns no rows, or whose rows are not needed, and returns how
    /// many rows it inserted, changed or deleted.
    @discardableResult
    public func execute(_ sql: String, _ arguments: SQLArguments = []) async throws -> Int {
        try await run(sql, arguments, wantsRows: false) { _ in }
    }

    /// Runs a query and decodes each row with `decode`, in order.
    public func fetchAll<T>(_ sql: String, _ arguments: SQLArguments = [], _ decode: (SQLRow) throws -> T) async throws -> [T] {
        var results: [T] = []
        _ = try await run(sql, arguments) { row in results.append(try decode(row)) }
        return results
    }

    /// Runs a query and decodes its first row with `decode`; nil when there is none.
    public func fetchOne<T>(_ sql: String, _ arguments: SQLArguments = [], _ decode: (SQLRow) throws -> T) async throws -> T? {
        var result: T?
        _ = try await run(sql, arguments) { row in
            if result == nil { result = try decode(row) }
        }
        return result
    }

    /// Runs a query and decodes every row as a `T` (``SQLRecord``).
    public func fetchAll<T: SQLRecord>(_ type: T.Type, _ sql: String, _ arguments: SQLArguments = []) async throws -> [T] {
        try await fetchAll(sql, arguments) { try T(row: $0) }
    }

    /// Runs a query and decodes its first row as a `T`; nil when there is none.
    public func fetchOne<T: SQLRecord>(_ type: T.Type, _ sql: String, _ arguments: SQLArguments = []) async throws -> T? {
        try await fetchOne(sql, arguments) { try T(row: $0) }
    }

    /// The first column of the first row, as a `T`: nil when there is no row (or, for an
    /// optional `T`, when it is `NULL`).
    public func fetchValue<T: SQLDecodable>(_ type: T.Type, _ sql: String, _ arguments: SQLArguments = []) async throws -> T? {
        try await fetchOne(sql, arguments) { row -> T in try row[0] }
    }

    /// The first column of every row, as `T`s.
    public func fetchValues<T: SQLDecodable>(_ type: T.Type, _ sql: String, _ arguments: SQLArguments = []) async throws -> [T] {
        try await fetchAll(sql, arguments) { row -> T in try row[0] }
    }

    // MARK: - Running

    /// Runs `sql`, hands each row to `body` and returns the count of rows changed.
    private func run(_ sql: String, _ arguments: SQLArguments, wantsRows: Bool = true, _ body: (SQLRow) throws -> Void) async throws -> Int {
        if let counter { counter.increment(reading: catalog?.tables(in: sql) ?? .all) }
        guard let watcher = StatementWatch.current else { return try await runUnwatched(sql, arguments, wantsRows: wantsRows, body) }
        return try await watcher.watch(WatchedStatement(sql: sql, dialect: dialect, catalog: catalog)) {
            try await runUnwatched(sql, arguments, wantsRows: wantsRows, body)
        }
    }

    /// ``run(_:_:wantsRows:_:)`` without its watcher.
    private func runUnwatched(_ sql: String, _ arguments: SQLArguments, wantsRows: Bool, _ body: (SQLRow) throws -> Void) async throws -> Int {
        do {
            switch driver {
            case .sqliteReader(let readers, let index):
                return try readers.inSnapshot(index) { db in try Self.run(sql, arguments, on: db, body) }
            case .sqliteWriter(let pool):
                return try Self.runOnWriter(pool, sql, arguments, body)
            #if PostgreSQL
            case .postgres(let connection, let logger, let prepares):
                return try await Self.run(sql, arguments, on: connection, logger: logger, prepares: prepares && wantsRows, body)
            #endif
            }
        } catch let error as SQLDecodingError {
            throw error
        } catch {
            throw SQLError(error, sql: sql)
        }
    }

    /// One statement on the pool's writer, synchronously: the caller holds the write turn, so
    /// the writer is free (a separate function, so the call cannot pick GRDB's `async` one).
    private static func runOnWriter(_ pool: DatabasePool, _ sql: String, _ arguments: SQLArguments, _ body: (SQLRow) throws -> Void) throws -> Int {
        try pool.writeWithoutTransaction { db in try run(sql, arguments, on: db, body) }
    }

    /// One statement on a GRDB connection, rows read in place.
    private static func run(_ sql: String, _ arguments: SQLArguments, on db: Database, _ body: (SQLRow) throws -> Void) throws -> Int {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(StatementArguments(arguments.values.map(\.databaseValue)))
        if statement.columnCount == 0 {
            try statement.execute()
        } else {
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() { try body(SQLRow(sqlite: row)) }
        }
        return db.changesCount
    }
}

// MARK: - Binding

extension SQLValue {
    /// The value as GRDB binds it (a date in GRDB's text form, a `Bool` as 1 or 0).
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let value): value.databaseValue
        case .real(let value): value.databaseValue
        case .text(let value): value.databaseValue
        case .blob(let value): Data(value).databaseValue
        case .date(let value): StoredDate.text(value).databaseValue
        case .bool(let value): value.databaseValue
        }
    }
}
