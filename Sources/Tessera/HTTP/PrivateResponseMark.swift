import Synchronization

// MARK: - PrivateResponseMark

/// Whether the response to a request holds something private to one person, set by what the
/// request did rather than guessed from its headers: a stored session was found (a member, whose
/// pages show their data), or something read the CSRF token or the one-time form token.
///
/// A marked response is never compressed (``CompressionMiddleware``: BREACH) and never publicly
/// cacheable (``SessionMiddleware`` overrides a `Cache-Control` that would let a shared cache keep
/// it). One mark is made per request, with its context, and shared by every copy of it.
final class PrivateResponseMark: Sendable {
    private let marked = Atomic(false)

    /// A mark not set.
    init() {}

    /// Marks the response private.
    func set() { marked.store(true, ordering: .relaxed) }

    /// Whether the response is private.
    var isSet: Bool { marked.load(ordering: .relaxed) }
}
