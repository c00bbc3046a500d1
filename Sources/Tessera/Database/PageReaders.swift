import Dispatch
import GRDB
import Synchronization

// MARK: - PageReaders

/// The read-only connections pages read through, synchronously, on the request's own thread
/// (see ``CountingDatabase/read(_:)``).
///
/// A read takes a free connection, runs in a deferred transaction (one snapshot of the
/// database, as in a `DatabasePool` read), and gives the connection back before it returns.
/// Only these synchronous reads ever take one, so no connection is ever held by a suspended
/// task: a thread waiting for one waits only for reads already running on other threads.
///
/// Written by hand rather than taken from a second `DatabasePool` because a page makes several
/// short reads and the pool's bookkeeping dominated them: a profile of `/blogs/1` spent about
/// a tenth of the request checking a reader out (a generic key path built on every checkout)
/// and parsing `BEGIN`/`COMMIT`. Here the transaction statements are prepared once per
/// connection.
final class PageReaders: Sendable {
    // MARK: - State

    private let connections: [DatabaseQueue]
    /// Indexes into ``connections`` that no read holds, guarded; ``available`` counts them.
    private let free: Mutex<[Int]>
    private let available: DispatchSemaphore

    // MARK: - Opening

    /// Opens `count` read-only connections (default GRDB's reader count, 5) to the database at
    /// `path`, with `configuration` made read-only. The database must exist and be migrated.
    init(path: String, configuration: Configuration, count: Int? = nil) throws {
        var readOnly = configuration
        readOnly.readonly = true
        let count = max(1, count ?? configuration.maximumReaderCount)
        connections = try (0..<count).map { _ in try DatabaseQueue(path: path, configuration: readOnly) }
        free = Mutex(Array(0..<count))
        available = DispatchSemaphore(value: count)
    }

    // MARK: - Reading

    /// Runs `block` in a read-only snapshot on a free connection, waiting for one if every
    /// connection is busy, and returns its result. A thrown error rolls the snapshot back.
    func read<T>(_ block: (Database) throws -> T) throws -> T {
        available.wait()
        let index = free.withLock { $0.removeLast() }
        defer {
            free.withLock { $0.append(index) }
            available.signal()
        }
        return try connections[index].inDatabase { db in
            try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
            do {
                let value = try block(db)
                try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                return value
            } catch {
                if db.isInsideTransaction { try? db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute() }
                throw error
            }
        }
    }
}
