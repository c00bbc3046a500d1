import Foundation
import Synchronization

// MARK: - SkippableLook

/// Whether a request's look at a SQLite database for other connections' commits can be
/// skipped: it can while no process rang the database's bell (``SQLiteCommitBell/rings``) since
/// the last look began, and that look is under ``maxAge`` old.
///
/// Every Tessera process rings after each commit, before the write is acknowledged, so a look
/// skipped this way would have found nothing: a page served after an acknowledged write still
/// shows it. A commit that rings no bell (the `sqlite3` shell) is found within ``maxAge``.
final class SkippableLook: Sendable {
    /// How long a look stands for commits that ring no bell.
    static let maxAge: Int64 = 1_000_000_000  // nanoseconds: one second

    /// The bell's count read just before the last look that finished began; `UInt64.max`
    /// before any.
    private let rings = Atomic<UInt64>(.max)
    /// When that look began (monotonic nanoseconds).
    private let began = Atomic<Int64>(0)

    /// Whether a look is needed now that the bell's count is `rings` (nil when the count is not
    /// shared: always). `now` is ``now()``.
    func needsLook(rings current: UInt64?, now: Int64) -> Bool {
        guard let current else { return true }
        return rings.load(ordering: .acquiring) != current || now - began.load(ordering: .relaxed) >= Self.maxAge
    }

    /// Notes a look that began at `now` with the bell's count at `rings` and has finished
    /// (its versions published).
    func looked(rings current: UInt64?, began now: Int64) {
        guard let current else { return }
        began.store(now, ordering: .relaxed)
        rings.store(current, ordering: .releasing)
    }

    /// The monotonic clock, in nanoseconds.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
