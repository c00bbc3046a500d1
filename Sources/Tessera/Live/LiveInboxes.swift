import Synchronization

// MARK: - LiveInboxes

/// Where an action tells the open stream of the tab that sent it which components it has just
/// answered with (`LiveStream.streamHeader`), so the stream does not send the tab what it
/// already shows.
///
/// A stream is known by a random id it sends its page first; an acknowledgement counts only from
/// a request of the same session as the stream's, so a guessed id cannot quiet another viewer's
/// stream.
final class LiveInboxes: Sendable {
    /// A copy a tab was answered with: the generation its data is as fresh as, and the hash of
    /// its bytes (`LiveStream.digest`).
    struct Copy: Sendable {
        let generation: UInt64
        let digest: Int
    }

    /// One stream's acknowledgements, by fragment URL, and the tab's actions still running.
    final class Inbox: Sendable {
        private struct State {
            var acknowledged: [String: Copy] = [:]
            var running = 0
            var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
            var nextWaiter = 0
        }

        let sessionID: String
        private let state = Mutex(State())

        fileprivate init(sessionID: String) { self.sessionID = sessionID }

        /// Notes that the tab now shows `copy` of `url`.
        fileprivate func acknowledge(_ url: String, _ copy: Copy) {
            state.withLock { $0.acknowledged[url] = copy }
        }

        /// The copy of `url` acknowledged since the last call, if any.
        func take(_ url: String) -> Copy? {
            state.withLock { $0.acknowledged.removeValue(forKey: url) }
        }

        /// Counts one of the tab's actions running until ``end()``.
        fileprivate func begin() {
            state.withLock { $0.running += 1 }
        }

        /// Ends an action ``begin()`` counted; when none is left, wakes the stream.
        func end() {
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.running -= 1
                guard state.running == 0 else { return [] }
                defer { state.waiters = [:] }
                return Array(state.waiters.values)
            }
            for waiter in waiters { waiter.resume() }
        }

        /// Returns once none of the tab's actions runs (at most ``LiveInboxes/actionWait``
        /// later): an action that wrote acknowledges its answer before the stream sends it.
        func settled() async {
            let number = state.withLock { state -> Int? in
                guard state.running > 0 else { return nil }
                state.nextWaiter += 1
                return state.nextWaiter
            }
            guard let number else { return }
            await withCheckedContinuation { continuation in
                let waits = state.withLock { state -> Bool in
                    guard state.running > 0 else { return false }
                    state.waiters[number] = continuation
                    return true
                }
                guard waits else { return continuation.resume() }
                Task { [self] in
                    try? await Task.sleep(for: LiveInboxes.actionWait)
                    state.withLock { $0.waiters.removeValue(forKey: number) }?.resume()
                }
            }
        }
    }

    /// How long a stream waits for its tab's running action before sending on.
    static let actionWait = Duration.seconds(2)

    private let inboxes = Mutex<[String: Inbox]>([:])

    /// A new stream's id and inbox, for the session `sessionID` ("" for none).
    func open(sessionID: String) -> (id: String, inbox: Inbox) {
        let (id, inbox) = (SessionStore.randomToken(), Inbox(sessionID: sessionID))
        inboxes.withLock { $0[id] = inbox }
        return (id, inbox)
    }

    /// Forgets the stream `id`.
    func close(_ id: String) {
        _ = inboxes.withLock { $0.removeValue(forKey: id) }
    }

    /// Whether the stream `id` is open for the session `sessionID` (never for no session).
    func isOpen(_ id: String, for sessionID: String) -> Bool {
        inbox(id, for: sessionID) != nil
    }

    /// Counts an action of the tab whose stream is `id` running, if `sessionID`'s, until the
    /// returned inbox's ``Inbox/end()``: meanwhile the stream sends nothing.
    func begin(_ id: String, for sessionID: String) -> Inbox? {
        let inbox = inbox(id, for: sessionID)
        inbox?.begin()
        return inbox
    }

    private func inbox(_ id: String, for sessionID: String) -> Inbox? {
        guard !sessionID.isEmpty, let inbox = inboxes.withLock({ $0[id] }), inbox.sessionID == sessionID else { return nil }
        return inbox
    }

    /// Tells the stream `id`, if `sessionID`'s, that its tab shows `copies`, by fragment URL.
    func acknowledge(_ copies: [(url: String, copy: Copy)], to id: String, for sessionID: String) {
        guard let inbox = inbox(id, for: sessionID) else { return }
        for (url, copy) in copies { inbox.acknowledge(url, copy) }
    }
}
