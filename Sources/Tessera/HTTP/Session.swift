// MARK: - Session

/// A visitor's session: who is signed in (if anyone) and the token every form must return.
///
/// Most visitors have no stored session at all: their session has an empty `id` and a CSRF
/// token signed from their `tessera_csrf` cookie (see `CSRFTokens`). A session is stored (a
/// row in `tessera_sessions`, its id in the `tessera_session` cookie) only once something needs
/// one, such as signing in.
public struct Session: Sendable, Equatable {
    /// The random id kept in the `tessera_session` cookie; empty when nothing is stored.
    package let id: String
    /// The signed-in user's id, or nil for a visitor.
    package let userID: Int64?
    /// The token every form must return: a stored session's own, or a visitor's, made when
    /// first read (see `SessionMiddleware`).
    package var csrfToken: String {
        privacy.set()
        return tokenValue
    }

    /// The token, without marking the response.
    private var tokenValue: String {
        switch token {
        case .stored(let token): token
        case .visitor(let token): token.token
        case .holes: TokenHoles.csrf
        }
    }

    private let token: Token
    /// The request's mark, set when something reads a secret of this session.
    let privacy: PrivateResponseMark
    /// What was read with the stored session in its statement, or nil (not found by
    /// ``SessionStore/find(_:now:)``: whatever a page needs is read when it needs it).
    let readAlong: SessionReadAlong?

    /// Where the CSRF token comes from.
    private enum Token: Sendable {
        case stored(String)
        case visitor(VisitorToken)
        /// Written as holes, filled as the bytes leave (`TokenHoles`).
        case holes
    }

    /// Whether this session is a stored row (and has a `tessera_session` cookie).
    package var isStored: Bool { !id.isEmpty }

    /// A session.
    package init(id: String, userID: Int64?, csrfToken: String) {
        self.init(id: id, userID: userID, token: .stored(csrfToken), privacy: PrivateResponseMark())
    }

    /// A stored session found with what was read along with it.
    init(id: String, userID: Int64?, csrfToken: String, readAlong: SessionReadAlong) {
        self.init(id: id, userID: userID, token: .stored(csrfToken), privacy: PrivateResponseMark(), readAlong: readAlong)
    }

    /// A visitor's session: nothing stored, the token made on first read, which marks `privacy`.
    init(visitor token: VisitorToken, privacy: PrivateResponseMark) {
        self.init(id: "", userID: nil, token: .visitor(token), privacy: privacy)
    }

    private init(id: String, userID: Int64?, token: Token, privacy: PrivateResponseMark, readAlong: SessionReadAlong? = nil) {
        self.id = id
        self.userID = userID
        self.token = token
        self.privacy = privacy
        self.readAlong = readAlong
    }

    /// This stored session for a request whose response is marked by `privacy`, marked at once:
    /// everything a member sees may be theirs alone.
    func marking(_ privacy: PrivateResponseMark) -> Session {
        privacy.set()
        return Session(id: id, userID: userID, token: token, privacy: privacy, readAlong: readAlong)
    }

    /// This session with its tokens written as holes (`TokenHoles`): for renders that are
    /// compared, or shared among viewers, before they are sent.
    func withTokenHoles() -> Session {
        Session(id: id, userID: userID, token: .holes, privacy: privacy, readAlong: readAlong)
    }

    /// Whether its tokens are written as holes (``withTokenHoles()``).
    var writesTokenHoles: Bool {
        if case .holes = token { true } else { false }
    }

    /// Same id, user and token (reading a visitor's token makes it).
    public static func == (lhs: Session, rhs: Session) -> Bool {
        lhs.id == rhs.id && lhs.userID == rhs.userID && lhs.tokenValue == rhs.tokenValue
    }
}
