import GRDB

// MARK: - CountingDatabase

/// Database access for one request or component, counting every statement it runs.
///
/// Counting works by tracing the connection only for the duration of each `read` or `write`
/// closure, while this caller holds it, so concurrent requests never count each other's work.
/// `PRAGMA` statements are not counted: GRDB runs them once per connection to learn the schema,
/// and a budget should measure the app's queries, not whether a connection was warm.
public struct CountingDatabase: Sendable {
    /// The pool underneath: writes, and reads that are not a page's.
    public let pool: DatabasePool
    /// The connections ``read(_:)`` uses.
    let pageReaders: PageReaders
    /// Where statements are counted.
    public let counter: QueryCounter
    /// The guarded submission whose claim the first write commits with (``SubmissionGuard``).
    var firstWriteClaim: FirstWriteClaim?

    /// Runs `block` in a read-only snapshot and returns its result.
    ///
    /// The read runs on the calling thread, synchronously, with no hop to a reader's queue and
    /// back: a page's reads are short and CPU-bound (SQLite's pages are in memory, and in WAL
    /// mode a reader never waits for a writer), so the hops would cost more than the query. It
    /// uses connections of its own that only such synchronous reads take, so a thread never
    /// waits on a reader held by a suspended task (which could deadlock the thread pool). A
    /// read that is not short belongs in a background service, not on a page.
    ///
    /// The snapshot holds every write committed before the request began, by this process or
    /// another on the same database (``DatabaseFreshnessMiddleware``), and every write this
    /// process committed since; it may be one a previous read began (see ``PageReaders``).
    public func read<T: Sendable>(_ block: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try readHere(block)
    }

    /// The synchronous read (a separate function, so the call cannot pick GRDB's `async` one).
    private func readHere<T>(_ block: (Database) throws -> T) throws -> T {
        try pageReaders.read { db in try counter.counting(db) { try block(db) } }
    }

    /// Runs `block` in a write transaction and returns its result once committed. In an action
    /// guarded by a one-time token, the first such transaction also commits the token's claim
    /// (``SubmissionGuard``).
    public func write<T: Sendable>(_ block: @Sendable @escaping (Database) throws -> T) async throws -> T {
        let (counter, claim) = (counter, firstWriteClaim)
        return try await pool.write { db in
            try claim?.claim(in: db)
            return try counter.counting(db) { try block(db) }
        }
    }

    /// A view counting into a child of this counter (a component's share of its request).
    public func child() -> CountingDatabase {
        var child = CountingDatabase(pool: pool, pageReaders: pageReaders, counter: QueryCounter(parent: counter))
        child.firstWriteClaim = firstWriteClaim
        return child
    }
}
