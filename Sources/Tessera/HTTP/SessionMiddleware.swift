import HTTPTypes
import Hummingbird

// MARK: - SessionMiddleware

/// Gives every request a session without writing to the database:
///
/// - a `tessera_session` cookie naming a live stored session: that session, read (never
///   written, never refreshed);
/// - otherwise a visitor: nothing stored, a CSRF token signed from the `tessera_csrf` cookie's
///   nonce (see ``CSRFTokens``), made only if something reads it (a form, the CSRF check); a
///   new nonce is drawn and its cookie set when the request read the token and sent no nonce,
///   so a page without a form sets no cookie. A response whose request read the token is
///   marked `Cache-Control: private` (unless it sets its own caching): it holds this visitor's
///   token, so no shared cache may keep it, and it is not compressed (``CompressionMiddleware``).
///   A `tessera_session` cookie naming no live session is cleared.
///
/// Cookies are `Path=/; HttpOnly; SameSite=Lax`, plus `Secure` when the site says it is served
/// over TLS (``SiteConfiguration/usesTLS``).
public struct SessionMiddleware: RouterMiddleware {
    /// Tessera's request context.
    public typealias Context = TesseraRequestContext

    /// The stored session's cookie.
    public static let cookieName = "tessera_session"
    /// How long the cookies last: 30 days, a member's session lifetime.
    static let maxAge = 2_592_000

    let store: SessionStore
    let tokens: CSRFTokens
    let secure: Bool

    /// Sessions from `store`, visitors' tokens signed by `tokens`; `secure` marks the cookies
    /// `Secure` (default off).
    public init(store: SessionStore, tokens: CSRFTokens, secure: Bool = false) {
        self.store = store
        self.tokens = tokens
        self.secure = secure
    }

    /// Finds the stored session or makes the visitor's, runs the request (which renders the
    /// whole page before it returns), and sets the cookies the visitor now needs.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let cookies = request.cookies
        let sessionID = cookies[Self.cookieName]?.value
        if let sessionID, let session = try await store.find(sessionID) {
            context.session = session
            return try await next(request, context)
        }
        let sent = (cookies[CSRFTokens.cookieName]?.value).flatMap { CSRFTokens.isWellFormed($0) ? $0 : nil }
        let token = VisitorToken(sentNonce: sent, tokens: tokens)
        context.session = Session(visitor: token)
        var response = try await next(request, context)
        if token.wasRead, response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "private" }
        if let nonce = token.nonceToSend {
            response.headers.append(HTTPField(name: .setCookie, value: Self.cookie(CSRFTokens.cookieName, nonce, secure: secure)))
        }
        if sessionID != nil, !Self.setsSessionCookie(response) {
            response.headers.append(HTTPField(name: .setCookie, value: Self.cookie(for: Session(id: "", userID: nil, csrfToken: ""), secure: secure)))
        }
        return response
    }

    // MARK: - Cookies

    /// The `Set-Cookie` value that stores `session` in the browser for 30 days, or clears the
    /// cookie when `session` is not stored (after signing out). `secure` adds `Secure`.
    public static func cookie(for session: Session, secure: Bool) -> String {
        session.isStored ? cookie(cookieName, session.id, secure: secure) : cookie(cookieName, "", maxAge: 0, secure: secure)
    }

    static func cookie(_ name: String, _ value: String, maxAge: Int = maxAge, secure: Bool) -> String {
        "\(name)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    private static func setsSessionCookie(_ response: Response) -> Bool {
        response.headers[values: .setCookie].contains { $0.hasPrefix(cookieName + "=") }
    }
}
