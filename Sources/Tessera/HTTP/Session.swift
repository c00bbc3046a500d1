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
    /// The token every form must return: a stored session's own, or a visitor's, made when
    /// first read (see ``SessionMiddleware``).
    public var csrfToken: String {
        switch token {
        case .stored(let token): token
        case .visitor(let token): token.token
        }
    }

    private let token: Token

    /// Where the CSRF token comes from.
    private enum Token: Sendable {
        case stored(String)
        case visitor(VisitorToken)
    }

    /// Whether this session is a stored row (and has a `tessera_session` cookie).
    public var isStored: Bool { !id.isEmpty }

    /// A session.
    public init(id: String, userID: Int64?, csrfToken: String) {
        self.id = id
        self.userID = userID
        self.token = .stored(csrfToken)
    }

    /// A visitor's session: nothing stored, the token made on first read.
    init(visitor token: VisitorToken) {
        id = ""
        userID = nil
        self.token = .visitor(token)
    }

    /// Same id, user and token (reading a visitor's token makes it).
    public static func == (lhs: Session, rhs: Session) -> Bool {
        lhs.id == rhs.id && lhs.userID == rhs.userID && lhs.csrfToken == rhs.csrfToken
    }
}
