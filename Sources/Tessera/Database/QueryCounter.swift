import GRDB
import GRDBSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

// MARK: - QueryCounter

/// Counts the SQL statements run on behalf of one request or one component.
///
/// Counters nest: a component's counter also adds to its request's counter, so a test can assert
/// either figure and an N+1 shows up as a number that grew.
public final class QueryCounter: Sendable {
    private let count = Atomic<Int>(0)
    private let parent: QueryCounter?

    /// A counter; statements it counts are also counted by `parent` (default none).
    public init(parent: QueryCounter? = nil) { self.parent = parent }

    /// The statements counted so far.
    public var value: Int { count.load(ordering: .relaxed) }

    /// Counts a traced statement, unless it is one of GRDB's schema reads: a `PRAGMA`, or the
    /// `sqlite_master` read a connection makes the first time it is used. So a budget counts the
    /// app's own queries, whether or not the connection was warm.
    /// Runs `body` with `db`'s statements counted here. The trace is SQLite's own, installed
    /// only while `body` runs (so concurrent users of other connections never count each
    /// other's work), and reads the statement's text in place: no string is built per
    /// statement. `PRAGMA` statements and reads of `sqlite_master` are not counted: GRDB runs
    /// them to learn the schema, and a budget measures the app's queries.
    func counting<T>(_ db: Database, _ body: () throws -> T) rethrows -> T {
        let connection = db.sqliteConnection
        sqlite3_trace_v2(connection, UInt32(SQLITE_TRACE_STMT), countStatement, Unmanaged.passUnretained(self).toOpaque())
        defer { sqlite3_trace_v2(connection, 0, nil, nil) }
        return try body()
    }

    func increment() {
        count.add(1, ordering: .relaxed)
        parent?.increment()
    }
}

// MARK: - Trace callback

/// SQLite's trace callback: `context` is the ``QueryCounter``, `text` the statement's
/// unexpanded SQL (a C string, owned by SQLite for the duration of the call).
private func countStatement(
    _ kind: UInt32, _ context: UnsafeMutableRawPointer?, _ statement: UnsafeMutableRawPointer?,
    _ text: UnsafeMutableRawPointer?
) -> Int32 {
    guard let context, var sql = text?.assumingMemoryBound(to: CChar.self) else { return 0 }
    while sql.pointee == 0x20 || sql.pointee == 0x0A || sql.pointee == 0x09 || sql.pointee == 0x0D { sql += 1 }
    if strncmp(sql, "PRAGMA", 6) == 0 || strstr(sql, "sqlite_master") != nil { return 0 }
    Unmanaged<QueryCounter>.fromOpaque(context).takeUnretainedValue().increment()
    return 0
}
