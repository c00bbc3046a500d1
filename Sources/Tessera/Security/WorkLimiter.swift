import Dispatch
import Synchronization

// MARK: - WorkLimiter

/// Runs slow, CPU-bound work (password hashing) on its own threads, never on the event loops or
/// Swift's shared cooperative pool, at most ``maxConcurrent`` at a time. Callers beyond that
/// wait their turn; beyond ``maxWaiting`` waiting callers the work is refused with a `503`
/// and `Retry-After`, so a flood of guesses cannot stall other pages or pile up without end.
final class WorkLimiter: Sendable {
    /// How many pieces of work run at once.
    let maxConcurrent: Int
    /// How many callers may wait for a turn.
    let maxWaiting: Int

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "tessera.work-limiter", attributes: .concurrent)

    /// A limiter running `maxConcurrent` pieces of work at once, with up to `maxWaiting` callers
    /// waiting.
    init(maxConcurrent: Int, maxWaiting: Int) {
        precondition(maxConcurrent > 0 && maxWaiting >= 0, "WorkLimiter: bad limits")
        self.maxConcurrent = maxConcurrent
        self.maxWaiting = maxWaiting
    }

    /// Runs `work` on the limiter's threads when a turn is free and returns its result; a `503`
    /// when too many callers are already waiting.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws(RequestError) -> T {
        try await acquire()
        defer { release() }
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    /// How many callers wait for a turn now.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    // MARK: - Private

    private enum Turn { case now, wait, refused }

    private func acquire() async throws(RequestError) {
        let turn: Turn = state.withLock { state in
            if state.running < maxConcurrent {
                state.running += 1
                return .now
            }
            return state.waiting.count < maxWaiting ? .wait : .refused
        }
        switch turn {
        case .now: return
        case .refused: throw .busy("The server is busy checking passwords. Please try again in a moment.", retryAfter: 5)
        case .wait:
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let granted = state.withLock { state -> Bool in
                    if state.running < maxConcurrent {  // a turn freed up meanwhile
                        state.running += 1
                        return true
                    }
                    state.waiting.append(continuation)
                    return false
                }
                if granted { continuation.resume() }
            }
        }
    }

    /// Hands the turn to the next waiting caller, or frees it.
    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
