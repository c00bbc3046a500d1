import Synchronization

// MARK: - CoalescedLook

/// Shares one look at the database among the callers waiting for it, without ever handing a
/// caller a look that began before it asked.
///
/// The per-request look at PostgreSQL's generation is one round trip; under load, dozens of
/// requests ask at once. Rounds run one at a time: the first caller runs a round; callers that
/// ask while it runs wait, and the next round (run by the first of them, for all of them) begins
/// only after they asked. So every caller gets a value read after its call began — a write
/// acknowledged before the request arrived is seen — and N concurrent requests cost about two
/// rounds instead of N statements.
final class CoalescedLook<Value: Sendable>: Sendable {
    /// Reads the value once (one round).
    typealias Round = @Sendable () async throws -> Value

    private enum Turn: Sendable {
        /// The round the caller waited for has ended with this outcome.
        case done(Result<Value, any Error>)
        /// The caller runs the next round, for itself and for `others`.
        case lead(others: [CheckedContinuation<Turn, Never>])
    }

    private struct State {
        var running = false
        var waiting: [CheckedContinuation<Turn, Never>] = []
    }

    private let state = Mutex(State())
    private let round: Round

    /// A look that runs `round` for each round.
    init(_ round: @escaping Round) {
        self.round = round
    }

    /// Callers waiting for the next round (for tests).
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// The value read by a round that began after this call (or that round's error).
    func look() async throws -> Value {
        let leads = state.withLock { state in
            if state.running { return false }
            state.running = true
            return true
        }
        if leads { return try await lead(others: []).get() }
        let turn = await withCheckedContinuation { continuation in
            // A round may have ended between the check above and here: then lead one now.
            let waits = state.withLock { state in
                if state.running {
                    state.waiting.append(continuation)
                    return true
                }
                state.running = true
                return false
            }
            if !waits { continuation.resume(returning: .lead(others: [])) }
        }
        switch turn {
        case .done(let result): return try result.get()
        case .lead(let others): return try await lead(others: others).get()
        }
    }

    /// Runs one round for the caller and `others`, hands their outcome to `others`, and passes
    /// the next round to the first caller that asked during this one (or ends the rounds).
    private func lead(others: [CheckedContinuation<Turn, Never>]) async -> Result<Value, any Error> {
        let result: Result<Value, any Error>
        do {
            result = .success(try await round())
        } catch {
            result = .failure(error)
        }
        for other in others { other.resume(returning: .done(result)) }
        let next = state.withLock { state -> [CheckedContinuation<Turn, Never>] in
            let next = state.waiting
            state.waiting = []
            if next.isEmpty { state.running = false }
            return next
        }
        if let first = next.first { first.resume(returning: .lead(others: Array(next.dropFirst()))) }
        return result
    }
}
