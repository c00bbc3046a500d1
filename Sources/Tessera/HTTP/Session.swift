// MARK: - Session

/// A visitor's session: who is signed in (if anyone) and the token every form must return.
public struct Session: Sendable, Equatable {
    /// The random id kept in the `tessera_session` cookie.
    public let id: String
    /// The signed-in user's id, or nil for a visitor.
    public let userID: Int64?
    /// The per-session CSRF token, put in every form Tessera renders.
    public let csrfToken: String

    /// A session.
    public init(id: String, userID: Int64?, csrfToken: String) {
        self.id = id
        self.userID = userID
        self.csrfToken = csrfToken
    }
}
