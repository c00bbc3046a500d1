import GRDB
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
    func count(_ event: Database.TraceEvent) {
        guard case .statement(let statement) = event, !statement.sql.hasPrefix("PRAGMA"),
            !statement.sql.contains("sqlite_master")
        else { return }
        increment()
    }

    /// Counts one statement.
    func increment() {
        count.add(1, ordering: .relaxed)
        parent?.increment()
    }
}
