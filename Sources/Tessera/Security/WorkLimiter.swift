import Dispatch

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

    private let turns: Turns
    private let queue = DispatchQueue(label: "tessera.work-limiter", attributes: .concurrent)

    /// A limiter running `maxConcurrent` pieces of work at once, with up to `maxWaiting` callers
    /// waiting.
    init(maxConcurrent: Int, maxWaiting: Int) {
        precondition(maxConcurrent > 0 && maxWaiting >= 0, "WorkLimiter: bad limits")
        self.maxConcurrent = maxConcurrent
        self.maxWaiting = maxWaiting
        turns = Turns(width: maxConcurrent)
    }

    /// Runs `work` on the limiter's threads when a turn is free and returns its result; a `503`
    /// when too many callers are already waiting.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws(RequestError) -> T {
        guard await turns.take(refusingPast: maxWaiting) else {
            throw .busy("The server is busy checking passwords. Please try again in a moment.", retryAfter: 5)
        }
        defer { turns.give() }
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    /// How many callers wait for a turn now.
    var waitingCount: Int { turns.waitingCount }
}
