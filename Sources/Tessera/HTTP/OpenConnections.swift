import Synchronization

// MARK: - OpenConnections

/// The server's open connections, counted across every event loop, against a cap: a connection
/// is admitted while fewer than ``cap`` are open, and released when it closes. One per server.
final class OpenConnections: Sendable {
    /// The most connections open at once.
    let cap: Int
    /// How long apart refusals are reported at most, in nanoseconds (10 s).
    static let reportInterval: UInt64 = 10_000_000_000
    private let count = Atomic<Int>(0)
    private let refusedCount = Atomic<Int>(0)
    private let unreported = Atomic<Int>(0)
    private let nextReport = Atomic<UInt64>(0)

    /// No connection yet, at most `cap` (at least one) at once.
    init(cap: Int) { self.cap = max(1, cap) }

    /// The connections admitted and not yet released.
    var current: Int { count.load(ordering: .relaxed) }

    /// The connections refused at the cap since the server began (for the metrics).
    var refusedSoFar: Int { refusedCount.load(ordering: .relaxed) }

    // MARK: - Admitting

    /// Counts one more connection and returns true when that keeps the count within ``cap``;
    /// otherwise counts nothing and returns false.
    func admit() -> Bool {
        var seen = count.load(ordering: .relaxed)
        while seen < cap {
            let (exchanged, original) = count.compareExchange(
                expected: seen, desired: seen + 1, successOrdering: .relaxed, failureOrdering: .relaxed)
            if exchanged { return true }
            seen = original
        }
        return false
    }

    /// Counts one admitted connection as closed.
    func release() {
        count.subtract(1, ordering: .relaxed)
    }

    // MARK: - Reporting refusals

    /// Counts a connection refused at the cap, at `now` (nanoseconds of a monotonic clock), and
    /// returns ``dueReport(now:)``: a flood logs a line every few seconds, not one per connection.
    func refused(now: UInt64) -> Int? {
        unreported.add(1, ordering: .relaxed)
        refusedCount.add(1, ordering: .relaxed)
        return dueReport(now: now)
    }

    /// How many connections were refused since the last report, when some were and a report is
    /// due at `now` — for the first refusal, then at most once every ``reportInterval`` — or nil.
    /// Asked on each refusal and each release, so the refusals of a flood that has stopped are
    /// reported once its connections close.
    func dueReport(now: UInt64) -> Int? {
        guard unreported.load(ordering: .relaxed) > 0 else { return nil }
        let due = nextReport.load(ordering: .relaxed)
        guard now >= due else { return nil }
        let (claimed, _) = nextReport.compareExchange(
            expected: due, desired: now + Self.reportInterval, successOrdering: .relaxed, failureOrdering: .relaxed)
        guard claimed else { return nil }
        return unreported.exchange(0, ordering: .relaxed)
    }
}
