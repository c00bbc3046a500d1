import Synchronization

// MARK: - CommitSignal

/// A count of the commits a process noticed, in any process sharing its database, and the
/// tasks waiting for the next one: what the live hub and the job workers sleep on instead of
/// looking on a timer.
///
/// The database raises it: on PostgreSQL at each notice of a commit (`LISTEN`), on SQLite at
/// each look that found a commit (a look is made when another process's commit rings the
/// ``SQLiteCommitBell``, or when a request or a service looks).
package final class CommitSignal: Sendable {
    private struct State {
        var count: UInt64 = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    /// How many commits were noticed: a number that moves when one was.
    package var count: UInt64 { state.withLock { $0.count } }

    /// Counts a commit and wakes every waiting task.
    func raise() {
        let waiters = state.withLock { state in
            state.count &+= 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the count differs from `seen`, `timeout` has passed, or the task is
    /// cancelled (at once if the count already differs).
    package func wait(past seen: UInt64, timeout: Duration) async {
        guard count == seen else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.wait(past: seen) }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Returns once the count differs from `seen`, or the task is cancelled.
    private func wait(past seen: UInt64) async {
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    guard state.count == seen, !Task.isCancelled else { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
