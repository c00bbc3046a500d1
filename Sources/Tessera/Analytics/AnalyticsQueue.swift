import Foundation
import Synchronization

// MARK: - AnalyticsQueue

/// Analytics events waiting in memory for `AnalyticsWriter`, so a page never writes to the
/// database to record itself.
///
/// Bounded: past ``capacity`` an event is dropped and counted (``droppedCount``), never waited
/// for; the writer logs the count. One queue per ``Site`` (``Site/analytics``).
package final class AnalyticsQueue: Sendable {
    /// An event and when it happened.
    struct Entry: Sendable {
        let event: AnalyticsEvent
        let date: Date
    }

    private struct State {
        var entries: [Entry] = []
        var dropped = 0
        var reported = 0
    }

    /// The most events kept waiting.
    package let capacity: Int
    /// How many waiting events ring ``batchFull``.
    package let batchSize: Int
    private let state = Mutex(State())
    /// Rung when an event arrives in an empty queue: `AnalyticsWriter` waits for it.
    let gotEvents = Doorbell()
    /// Rung when ``batchSize`` events wait: `AnalyticsWriter` stores them without waiting
    /// out its interval.
    let batchFull = Doorbell()

    /// An empty queue holding at most `capacity` events, ringing ``batchFull`` at `batchSize`
    /// (default: never before it is full).
    package init(capacity: Int, batchSize: Int = .max) {
        self.capacity = max(capacity, 1)
        self.batchSize = max(batchSize, 1)
    }

    // MARK: - Adding

    /// Queues `event`, stamped `date` (default now); false (and counted) when the queue is full.
    @discardableResult
    package func enqueue(_ event: AnalyticsEvent, date: Date = Date()) -> Bool {
        let (queued, count) = state.withLock { state in
            guard state.entries.count < capacity else {
                state.dropped += 1
                return (false, 0)
            }
            state.entries.append(Entry(event: event, date: date))
            return (true, state.entries.count)
        }
        if count == 1 { gotEvents.ring() }
        if count == min(batchSize, capacity) { batchFull.ring() }
        return queued
    }

    // MARK: - Reading

    /// How many events wait.
    package var count: Int { state.withLock { $0.entries.count } }

    /// How many events were dropped because the queue was full, since the queue was made.
    package var droppedCount: Int { state.withLock { $0.dropped } }

    /// Takes every waiting event, oldest first, and how many were dropped since the last call.
    func takeAll() -> (entries: [Entry], newlyDropped: Int) {
        state.withLock { state in
            let entries = state.entries
            state.entries.removeAll(keepingCapacity: true)
            let newlyDropped = state.dropped - state.reported
            state.reported = state.dropped
            return (entries, newlyDropped)
        }
    }

    /// Puts back `entries` a failed write took, ahead of newer ones, as far as room allows, for
    /// the writer's next flush.
    func putBack(_ entries: [Entry]) {
        let count = state.withLock { state in
            let room = max(capacity - state.entries.count, 0)
            state.dropped += max(entries.count - room, 0)
            state.entries.insert(contentsOf: entries.prefix(room), at: 0)
            return state.entries.count
        }
        if !entries.isEmpty { gotEvents.ring() }
        if count >= min(batchSize, capacity) { batchFull.ring() }
    }
}
