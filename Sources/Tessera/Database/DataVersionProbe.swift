import GRDBSQLite
import Synchronization

// MARK: - DataVersionProbe

/// `PRAGMA data_version` on a read-only SQLite connection of its own, read on the calling
/// thread under a lock: the once-per-request look at whether any connection committed
/// (``DataGeneration``). A serial queue would hand every request's look to another thread and
/// back; the statement itself takes about a microsecond.
final class DataVersionProbe: Sendable {
    /// The connection and its prepared statement, used by one thread at a time.
    private let handle: Mutex<Handle>

    private struct Handle: ~Copyable {
        let connection: OpaquePointer
        let statement: OpaquePointer

        deinit {
            sqlite3_finalize(statement)
            sqlite3_close_v2(connection)
        }
    }

    /// What SQLite said when the probe could not open or read.
    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        let message: String
        var description: String { "PRAGMA data_version failed (\(code)): \(message)" }
    }

    /// A probe of the database at `path` (which exists).
    init(path: String) throws {
        var connection: OpaquePointer?
        let opened = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        guard opened == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)"
            sqlite3_close_v2(connection)
            throw Failure(code: opened, message: message)
        }
        sqlite3_busy_timeout(connection, 5_000)
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(connection, "PRAGMA data_version", -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else {
            let failure = Failure(code: prepared, message: String(cString: sqlite3_errmsg(connection)))
            sqlite3_close_v2(connection)
            throw failure
        }
        handle = Mutex(Handle(connection: connection, statement: statement))
    }

    /// The connection's `data_version`: it changes whenever another connection commits.
    func dataVersion() throws -> Int64 {
        try handle.withLock { handle throws(Failure) in
            // Reset after reading, not before the next read: a statement not reset holds its
            // read transaction open, and with it the write-ahead log.
            defer { sqlite3_reset(handle.statement) }
            let stepped = sqlite3_step(handle.statement)
            guard stepped == SQLITE_ROW else {
                throw Failure(code: stepped, message: String(cString: sqlite3_errmsg(handle.connection)))
            }
            return sqlite3_column_int64(handle.statement, 0)
        }
    }
}
