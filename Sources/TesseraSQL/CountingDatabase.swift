// MARK: - CountingDatabase

/// Database access for one request or component, counting every statement it runs (a scene's
/// or component's `queryBudget` is held against the count).
public struct CountingDatabase: Sendable {
    /// The database underneath.
    package let database: TesseraDatabase
    /// Where statements are counted.
    package let counter: QueryCounter
    /// The guarded submission whose claim the first write commits with (`SubmissionGuard`).
    package var firstWriteClaim: (any WriteClaim)?

    init(database: TesseraDatabase, counter: QueryCounter) {
        self.database = database
        self.counter = counter
    }

    /// Which database this is.
    public var dialect: SQLDialect { database.dialect }

    /// Lends `body` a connection for reads and returns its result.
    ///
    /// On SQLite each statement runs on the calling thread, synchronously, with no hop to a
    /// reader's queue and back (a page's reads are short and CPU-bound), in a snapshot that holds
    /// every write committed before the request began, by this process or another on the same
    /// file (`DatabaseFreshnessMiddleware`), and every write this process committed since; it
    /// may be one a previous read began (see `PageReaders`). On PostgreSQL each statement sees
    /// every write committed before it began.
    public func read<T>(_ body: (SQLConnection) async throws -> T) async throws -> T {
        try await database.read(counter: counter, body)
    }

    /// Runs `body` in a write transaction and returns its result once committed; a thrown error
    /// rolls it back. In an action guarded by a one-time token, the first such transaction also
    /// commits the token's claim (`SubmissionGuard`), so the action's writes and the claim
    /// land together or not at all.
    @discardableResult
    public func write<T>(_ body: (SQLConnection) async throws -> T) async throws -> T {
        try await database.write(counter: counter, claim: firstWriteClaim, body)
    }

    /// A view counting into a child of this counter (a component's share of its request).
    package func child() -> CountingDatabase {
        var child = CountingDatabase(database: database, counter: QueryCounter(parent: counter))
        child.firstWriteClaim = firstWriteClaim
        return child
    }
}
