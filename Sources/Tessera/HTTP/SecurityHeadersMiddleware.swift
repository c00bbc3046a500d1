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
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "SAMEORIGIN"
        if strictTransportSecurity { response.headers[.strictTransportSecurity] = Self.strictTransportSecurityValue }
        // A member's response is never stored, unless it already says so itself (an upload's
        // `private, no-store`) or is a public asset.
        let cacheControl = response.headers[.cacheControl] ?? ""
        if Self.hasSessionCookie(request), !cacheControl.hasPrefix("public"), !cacheControl.containsBytes("no-store") {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }

    /// Whether the request sends a `tessera_session` cookie (checked on the raw header: no
    /// parsing for the visitors who have none).
    static func hasSessionCookie(_ request: Request) -> Bool {
        request.headers[values: .cookie].contains { $0.containsBytes(sessionCookiePrefix) }
    }
}

/// What a request's `Cookie` header holds when it sends a session.
private let sessionCookiePrefix = SessionMiddleware.cookieName + "="
