// MARK: - Session

/// A visitor's session: who is signed in (if anyone) and the token every form must return.
///
/// Most visitors have no stored session at all: their session has an empty ``id`` and a CSRF
/// token signed from their `tessera_csrf` cookie (see ``CSRFTokens``). A session is stored (a
/// row in `tessera_sessions`, its id in the `tessera_session` cookie) only once something needs
/// one, such as signing in.
public struct Session: Sendable, Equatable {
    /// The random id kept in the `tessera_session` cookie; empty when nothing is stored.
    public let id: String
    /// The signed-in user's id, or nil for a visitor.
    public let userID: Int64?
    /// The per-session CSRF token, put in every form Tessera renders.
    public let csrfToken: String

    /// Whether this session is a stored row (and has a `tessera_session` cookie).
    public var isStored: Bool { !id.isEmpty }

    /// A session.
    public init(id: String, userID: Int64?, csrfToken: String) {
        self.id = id
        self.userID = userID
        self.csrfToken = csrfToken
    }
}
