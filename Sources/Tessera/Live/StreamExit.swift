import NIOCore
import Synchronization

// MARK: - StreamExit

/// Tells a live stream its connection closed, before a write would: the stream's waits end at
/// once and it starts no more renders.
///
/// The connection's guard closes a connection whose client stopped sending while an event
/// stream is answered (`ConnectionGuard`); its close, or any other, ends the stream through
/// `watch(_:)`.
public final class StreamExit: Sendable {
    private let state = Mutex<(ended: Bool, wake: (@Sendable () -> Void)?)>((false, nil))

    public init() {}

    /// Ends the stream when `closing` completes (the connection's close future).
    func watch(_ closing: EventLoopFuture<Void>?) {
        closing?.whenComplete { [self] _ in end() }
    }

    /// Whether the stream's connection closed.
    var hasEnded: Bool { state.withLock { $0.ended } }

    /// Ends the stream: a wait in progress (`waking(with:)`) ends now.
    public func end() {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            state.ended = true
            defer { state.wake = nil }
            return state.wake
        }
        wake?()
    }

    /// Sets what ends the stream's current wait (nil: none waits); returns false, setting
    /// nothing, when the stream already ended.
    func waking(with wake: (@Sendable () -> Void)?) -> Bool {
        state.withLock { state in
            guard !state.ended else { return false }
            state.wake = wake
            return true
        }
    }
}
