import Synchronization

// MARK: - Doorbell

/// Wakes a service that waits for something to do: ``wait()`` returns once ``ring()`` was
/// called since the last wait (at once if it already was), or when the task is cancelled. A
/// service that sleeps only while there is work costs nothing while there is none.
package final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// A bell not rung.
    package init() {}

    /// Whether a ring waits for the next wait.
    package var isRung: Bool { state.withLock { $0.rung } }

    /// Wakes the waiting task, or the next one to wait.
    package func ring() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter.take() else {
                state.rung = true
                return nil
            }
            return waiter
        }
        waiter?.resume()
    }

    /// Returns once rung since the last wait, or when the task is cancelled. One task waits at
    /// a time.
    package func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    guard !state.rung, !Task.isCancelled else {
                        state.rung = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            ring()
        }
    }

    /// Returns once rung since the last wait, or after `limit`, or when the task is cancelled.
    package func wait(atMost limit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: limit) }
            group.addTask { await self.wait() }
            await group.next()
            group.cancelAll()
        }
    }
}
