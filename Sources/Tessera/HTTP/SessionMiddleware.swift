import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

// MARK: - SessionMiddleware

/// Gives every request a session without writing to the database:
///
/// - a `tessera_session` cookie naming a live stored session: that session, read (never
///   written, never refreshed);
/// - otherwise a visitor: nothing stored, a CSRF token signed from the `tessera_csrf` cookie's
///   nonce (one the site issued and signed, see `CSRFTokens`), made only if something reads
///   it (a form, the CSRF check); a new nonce is drawn and its cookie set when the request read
///   the token and sent none the site issued, so a page without a form sets no cookie. A response that is private to its visitor
///   (``PrivateResponseMark``: a member's, or one that read a token) is kept out of shared
///   caches whatever `Cache-Control` the app set (``keepingPrivate(_:_:_:)``) and is not
///   compressed (``CompressionMiddleware``).
///   A `tessera_session` cookie naming no live session is cleared.
///
/// Every response here says `Vary: Cookie`: its bytes depend on the cookies sent.
///
/// Cookies are `Path=/; HttpOnly; SameSite=Lax`; when the site says it is served over TLS
/// (``SiteConfiguration/usesTLS``) they are also `Secure` and named with the `__Host-` prefix
/// (`__Host-tessera_session`, `__Host-tessera_csrf`), and only those names are read.
struct SessionMiddleware: RouterMiddleware {
    /// Tessera's request context.
    typealias Context = TesseraRequestContext

    /// The stored session's cookie over plain HTTP (``cookieName(_:secure:)`` gives the name
    /// actually used).
    static let cookieName = "tessera_session"
    /// The prefix of every cookie's name when the site is served over TLS: browsers accept a
    /// `__Host-` cookie only with `Secure`, `Path=/` and no `Domain`, so neither a plain-HTTP page
    /// nor a sibling subdomain can plant or overwrite one.
    static let securePrefix = "__Host-"

    /// The name cookie `base` (``cookieName``, `CSRFTokens.cookieName`) goes by: `__Host-` and
    /// `base` when `secure`, `base` alone otherwise.
    static func cookieName(_ base: String, secure: Bool) -> String { secure ? securePrefix + base : base }
    /// How long the cookies last: 30 days, a member's session lifetime.
    static let maxAge = 2_592_000

    let store: SessionStore
    let tokens: CSRFTokens
    let secure: Bool

    /// Sessions from `store`, visitors' tokens signed by `tokens`; `secure` marks the cookies
    /// `Secure` (default off).
    init(store: SessionStore, tokens: CSRFTokens, secure: Bool = false) {
        self.store = store
        self.tokens = tokens
        self.secure = secure
    }

    /// Finds the stored session or makes the visitor's, runs the request (which renders the
    /// whole page before it returns), and sets the cookies the visitor now needs.
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let sessionID = Self.sessionID(in: request, secure: secure)
        if let sessionID, let session = try await store.find(sessionID) {
            context.session = session.marking(context.privacy)
            RequestLog.current?.setMember(session.userID)
            return Self.varyingByCookie(Self.keepingPrivate(try await next(request, context), request, context))
        }
        let sent = request.cookieValue(Self.cookieName(CSRFTokens.cookieName, secure: secure)).flatMap { tokens.isIssued($0) ? $0 : nil }
        let token = VisitorToken(sentNonce: sent, tokens: tokens)
        context.session = Session(visitor: token, privacy: context.privacy)
        var response = Self.varyingByCookie(Self.keepingPrivate(try await next(request, context), request, context))
        if let nonce = token.nonceToSend {
            response.headers.append(HTTPField(name: .setCookie, value: Self.cookie(CSRFTokens.cookieName, nonce, secure: secure)))
        }
        if sessionID != nil, !setsSessionCookie(response) {
            response.headers.append(HTTPField(name: .setCookie, value: Self.cookie(for: Session(id: "", userID: nil, csrfToken: ""), secure: secure)))
        }
        return response
    }

    /// The id `request`'s session cookie carries, if any (not yet checked against the store).
    static func sessionID(in request: Request, secure: Bool) -> String? {
        request.cookieValue(cookieName(cookieName, secure: secure))
    }

    // MARK: - Privacy

    /// `response`, kept out of shared caches when it is private (``PrivateResponseMark``): no
    /// `Cache-Control` becomes `private`; one a shared cache may act on (`public`, `s-maxage`, or
    /// neither `private` nor `no-store`) is replaced by `private` and logged once per path.
    static func keepingPrivate(_ response: Response, _ request: Request, _ context: Context) -> Response {
        guard context.privacy.isSet else { return response }
        var response = response
        guard let cacheControl = response.headers[.cacheControl] else {
            response.headers[.cacheControl] = "private"
            return response
        }
        let directives = cacheControl.split(separator: ",").map {
            $0.split(separator: "=", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        }
        let keptPrivate = (directives.contains("private") || directives.contains("no-store"))
            && !directives.contains("public") && !directives.contains("s-maxage")
        guard !keptPrivate else { return response }
        response.headers[.cacheControl] = "private"
        if overriddenPaths.withLock({ $0.insert(request.uri.path).inserted }) {
            context.logger.warning(
                "Cache-Control '\(cacheControl)' on \(request.uri.path) replaced by 'private': the page holds a form token or a member's data, which no shared cache may keep")
        }
        return response
    }

    /// `response` with `Vary: Cookie`: a page with sessions is written for the cookies it was
    /// sent (a member's, or a visitor's token), so no cache may hand it to a request with others.
    static func varyingByCookie(_ response: Response) -> Response {
        var response = response
        let varies = response.headers[values: .vary].contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "cookie" }
        }
        if !varies { response.headers.append(HTTPField(name: .vary, value: "Cookie")) }
        return response
    }

    /// The paths whose `Cache-Control` was replaced, so each is logged once.
    private static let overriddenPaths = Mutex<Set<String>>([])

    // MARK: - Cookies

    /// The `Set-Cookie` value that stores `session` in the browser for 30 days, or clears the
    /// cookie when `session` is not stored (after signing out). `secure` adds `Secure` and the
    /// `__Host-` prefix.
    static func cookie(for session: Session, secure: Bool) -> String {
        session.isStored ? cookie(cookieName, session.id, secure: secure) : cookie(cookieName, "", maxAge: 0, secure: secure)
    }

    /// The `Set-Cookie` value of cookie `base` (named for `secure`) holding `value`.
    static func cookie(_ base: String, _ value: String, maxAge: Int = maxAge, secure: Bool) -> String {
        "\(cookieName(base, secure: secure))=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    private func setsSessionCookie(_ response: Response) -> Bool {
        let prefix = Self.cookieName(Self.cookieName, secure: secure) + "="
        return response.headers[values: .setCookie].contains { $0.hasPrefix(prefix) }
    }
}
