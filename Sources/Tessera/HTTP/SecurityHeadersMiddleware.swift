import HTTPTypes
import Hummingbird

// MARK: - SecurityHeadersMiddleware

/// Adds the security headers to every response: a Content-Security-Policy without inline
/// scripts, `nosniff`, `frame-ancestors 'self'`, and a referrer policy.
public struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The policy: scripts, styles and everything else only from this site.
    public static var contentSecurityPolicy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
            + "base-uri 'self'; form-action 'self'; frame-ancestors 'self'"
    }

    /// The middleware.
    public init() {}

    /// Runs the request, then sets the headers on whatever it answered.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "SAMEORIGIN"
        return response
    }
}
