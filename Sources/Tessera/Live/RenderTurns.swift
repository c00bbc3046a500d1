import Synchronization

// MARK: - RenderTurns

/// The per-process budget live streams' renders share: at most ``width`` run at once, the
/// others wait their turn in order, so a write that wakes thousands of open pages renders a few
/// at a time beside the pages being served rather than all at once ahead of them.
final class RenderTurns: Sendable {
    /// How many renders run at once.
    let width: Int

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Turns for `width` renders at once.
    init(width: Int) {
        precondition(width > 0, "RenderTurns: no width")
        self.width = width
    }

    /// Runs `body` in a turn: at once when one is free, else after the renders ahead of it.
    func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        let now = state.withLock { state -> Bool in
            guard state.running < width else { return false }
            state.running += 1
            return true
        }
        guard !now else { return }
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state -> Bool in
                if state.running < width {
                    state.running += 1
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if granted { continuation.resume() }
        }
    }

    /// Hands the turn to the next waiting render, or frees it.
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
