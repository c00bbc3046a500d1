import Synchronization

// MARK: - AsyncSlots

/// A fixed set of numbered slots (connections) lent one holder at a time; a taker with none
/// free is suspended until one is given back, so no thread ever blocks on it. Takers are
/// served in order.
final class AsyncSlots: Sendable {
    private struct State {
        var free: [Int]
        var waiting: [CheckedContinuation<Int, Never>] = []
        var firstWaiting = 0
    }

    private let state: Mutex<State>

    /// Slots `0..<count`, all free.
    init(count: Int) {
        state = Mutex(State(free: Array((0..<count).reversed())))
    }

    /// A free slot, waiting for one if none is.
    func take() async -> Int {
        if let index = state.withLock({ $0.free.popLast() }) { return index }
        return await withCheckedContinuation { continuation in
            let index: Int? = state.withLock { state in
                if let index = state.free.popLast() { return index }
                state.waiting.append(continuation)
                return nil
            }
            if let index { continuation.resume(returning: index) }
        }
    }

    /// Every slot free now, taken at once without waiting (to tidy idle connections).
    func takeAllFree() -> [Int] {
        state.withLock { state in
            defer { state.free.removeAll() }
            return state.free
        }
    }

    /// Gives `index` back: to the longest waiting taker, or to the free list.
    func give(_ index: Int) {
        let waiter: CheckedContinuation<Int, Never>? = state.withLock { state in
            guard state.firstWaiting < state.waiting.count else {
                state.free.append(index)
                return nil
            }
            let next = state.waiting[state.firstWaiting]
            state.firstWaiting += 1
            if state.firstWaiting == state.waiting.count {
                state.waiting.removeAll(keepingCapacity: true)
                state.firstWaiting = 0
            }
            return next
        }
        waiter?.resume(returning: index)
    }
}
