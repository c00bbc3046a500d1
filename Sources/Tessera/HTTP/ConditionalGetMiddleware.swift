import HTTPTypes
import Hummingbird

// MARK: - ConditionalGetMiddleware

/// Answers `304 Not Modified` to a `GET` or `HEAD` whose `If-None-Match` names the `ETag` of
/// the `200` it would get, as Rails' `Rack::ConditionalGet` and Django's
/// `ConditionalGetMiddleware` do.
///
/// Pages carry a weak `ETag` digested from their bytes (``EntityTag/weak(digesting:)``, set
/// when the page is made), so a browser revalidating a page it keeps (back, reload, a
/// visitor's `Cache-Control: private` page) gets the headers and no body when nothing on it
/// changed. The page is still made, since its tag is its bytes; what is saved is sending it.
///
/// Runs outside ``SecurityHeadersMiddleware`` and ``CompressionMiddleware``, so a `304` carries
/// the headers the `200` would have had (caching, `Vary`, security, any `Set-Cookie`), minus
/// `Content-Type` and `Content-Encoding`; `Content-Length` stays the `200`'s, as RFC 9110 allows.
/// Responses without an `ETag`, other statuses and other methods pass unchanged; static files
/// answer their own conditional requests (``StaticFileMiddleware``).
struct ConditionalGetMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The middleware; it has no settings.
    init() {}

    /// Runs the request, then turns a `200` whose tag the client already has into a `304`.
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let response = try await next(request, context)
        guard request.method == .get || request.method == .head, response.status == .ok,
            let ifNoneMatch = request.headers[.ifNoneMatch], let etag = response.headers[.eTag],
            EntityTag.matches(ifNoneMatch, etag)
        else { return response }
        var headers = response.headers
        headers[.contentType] = nil
        headers[.contentEncoding] = nil
        return Response(status: .notModified, headers: headers)
    }
}
