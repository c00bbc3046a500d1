import Synchronization

// MARK: - Turns

/// A fixed number of turns at some work: a caller takes one when one is free, or else waits in
/// order behind the callers already waiting, or is refused when too many already wait. What
/// bounds password hashing (``WorkLimiter``) and live streams' renders (``SharedRenders``).
final class Turns: Sendable {
    /// How many callers hold a turn at once.
    let width: Int

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// `width` turns.
    init(width: Int) {
        precondition(width > 0, "Turns: no width")
        self.width = width
    }

    /// How many callers wait for a turn now.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Runs `body` in a turn, waiting for one if need be.
    func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        _ = await take()
        defer { give() }
        return try await body()
    }

    /// Takes a turn: at once when one is free, else after the callers waiting ahead; returns
    /// false, taking none, when `maxWaiting` callers already wait.
    func take(refusingPast maxWaiting: Int = .max) async -> Bool {
        enum Turn { case now, wait, refused }
        let turn: Turn = state.withLock { state in
            if state.running < width {
                state.running += 1
                return .now
            }
            return state.waiting.count < maxWaiting ? .wait : .refused
        }
        switch turn {
        case .now: return true
        case .refused: return false
        case .wait:
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let granted = state.withLock { state -> Bool in
                    if state.running < width {  // a turn freed up meanwhile
                        state.running += 1
                        return true
                    }
                    state.waiting.append(continuation)
                    return false
                }
                if granted { continuation.resume() }
            }
            return true
        }
    }

    /// Gives a turn back: to the next waiting caller, or free.
    func give() {
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
