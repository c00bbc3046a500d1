import HTTPTypes
import Hummingbird

// MARK: - CSRFCheck

/// Refuses a state-changing request that did not come from this site's own page: one a browser
/// marks as sent from another site, or whose CSRF token does not match the session's.
///
/// - `Sec-Fetch-Site: cross-site` is refused; where a browser sends no `Sec-Fetch-Site`, an
///   `Origin` whose host is not the request's (or `null`) is refused, as Rails and Django do.
///   Requests with neither (tests, scripts) go on to the token.
/// - The token comes from the form field `_csrf` (every form Tessera renders carries it first,
///   as `{{> Tessera/FormTokens}}` writes it) or from the `X-CSRF-Token` header (script
///   requests). It is read from the body alone, before the rest is decoded (``FormBody``), and
///   compared in the same time whatever the input (``Digests/constantTimeEquals(_:_:)``).
enum CSRFCheck {
    /// The form field carrying the token.
    static let field = "_csrf"
    /// The header carrying the token for script requests.
    static let header = HTTPField.Name("X-CSRF-Token")!

    /// Throws 403 unless `request` comes from this site and `body` (or the header) carries
    /// `session`'s token.
    static func verify(_ body: FormBody, _ request: Request, _ session: Session) throws(RequestError) {
        guard isSameSite(request) else {
            throw .forbidden("This form was sent from another site. Open the page on this site and send it from there.")
        }
        let sent = try body.value(of: field) ?? request.headers[header] ?? ""
        guard !session.csrfToken.isEmpty, Digests.constantTimeEquals(sent, session.csrfToken) else {
            throw .forbidden("This form has expired or did not come from this site. Go back, reload the page and try again.")
        }
    }

    // MARK: - Origin

    /// Whether the browser's own headers allow `request` as sent from this site: its
    /// `Sec-Fetch-Site` is not `cross-site`, or (without one) its `Origin`, if any, names the
    /// host the request was sent to (the port aside: a proxy in front may rewrite it).
    static func isSameSite(_ request: Request) -> Bool {
        if let site = request.headers[secFetchSite] { return site.lowercased() != "cross-site" }
        guard let origin = request.headers[.origin] else { return true }
        guard let host = request.head.authority, let originHost = hostname(ofOrigin: origin) else { return false }
        return originHost == hostname(ofAuthority: host)
    }

    /// `Sec-Fetch-Site`.
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    /// The lowercased host of an origin (`https://example.com:8443` → `example.com`); nil for
    /// `null` or anything without `://`.
    private static func hostname(ofOrigin origin: String) -> String? {
        guard let range = origin.range(of: "://") else { return nil }
        return hostname(ofAuthority: String(origin[range.upperBound...]))
    }

    /// The lowercased host of an authority (`example.com:8443`, `[::1]:80`), without its port.
    private static func hostname(ofAuthority authority: String) -> String {
        let text = authority.lowercased()
        if text.hasPrefix("["), let end = text.firstIndex(of: "]") { return String(text[...end]) }
        return String(text.prefix { $0 != ":" && $0 != "/" })
    }
}
