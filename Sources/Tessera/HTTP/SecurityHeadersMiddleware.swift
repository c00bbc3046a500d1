import HTTPTypes
import Hummingbird

// MARK: - SecurityHeadersMiddleware

/// Adds the security headers to every response: a Content-Security-Policy without inline
/// scripts, `nosniff`, `frame-ancestors 'self'`, a referrer policy, and
/// `Strict-Transport-Security` when the site is served over TLS.
///
/// A request carrying a stored session's cookie (a signed-in member) gets
/// `Cache-Control: no-store` on every response, error pages included, so no cache keeps a
/// member's page; only responses that declare themselves `public` (static files, the same for
/// everyone) keep their own caching.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The policy: scripts, styles and everything else only from this site.
    static var contentSecurityPolicy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
            + "base-uri 'self'; form-action 'self'; frame-ancestors 'self'"
    }

    /// The HSTS value: a year, subdomains included.
    static var strictTransportSecurityValue: String { "max-age=31536000; includeSubDomains" }

    let strictTransportSecurity: Bool

    /// The middleware; `strictTransportSecurity` adds HSTS (default off).
    init(strictTransportSecurity: Bool = false) { self.strictTransportSecurity = strictTransportSecurity }

    /// Runs the request, then sets the headers on whatever it answered.
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        let fields = strictTransportSecurity ? securityFieldsWithHSTS : securityFields
        // A response that set one of them itself has it replaced; the others get them appended.
        if response.headers.contains(where: { field in fields.contains { $0.name == field.name } }) {
            for field in fields { response.headers[field.name] = field.value }
        } else {
            response.headers.append(contentsOf: fields)
        }
        // A member's response is never stored, unless it already says so itself (an upload's
        // `private, no-store`) or is a public asset.
        if Self.hasSessionCookie(request) {
            let cacheControl = response.headers[.cacheControl] ?? ""
            if !cacheControl.hasPrefix("public"), !cacheControl.containsBytes("no-store") { response.headers[.cacheControl] = "no-store" }
        }
        return response
    }

    /// Whether the request sends a `tessera_session` cookie (checked on the raw header: no
    /// parsing for the visitors who have none).
    static func hasSessionCookie(_ request: Request) -> Bool {
        request.cookieHeaderContains(sessionCookiePrefix)
    }
}

/// What a request's `Cookie` header holds when it sends a session.
private let sessionCookiePrefix = SessionMiddleware.cookieName + "="

/// The headers every response gets, made (and their values checked) once.
private let securityFields: [HTTPField] = [
    HTTPField(name: .contentSecurityPolicy, value: SecurityHeadersMiddleware<BasicRequestContext>.contentSecurityPolicy),
    HTTPField(name: .xContentTypeOptions, value: "nosniff"),
    HTTPField(name: HTTPField.Name("Referrer-Policy")!, value: "same-origin"),
    HTTPField(name: HTTPField.Name("X-Frame-Options")!, value: "SAMEORIGIN"),
]
/// The same with `Strict-Transport-Security`.
private let securityFieldsWithHSTS =
    securityFields + [HTTPField(name: .strictTransportSecurity, value: SecurityHeadersMiddleware<BasicRequestContext>.strictTransportSecurityValue)]
