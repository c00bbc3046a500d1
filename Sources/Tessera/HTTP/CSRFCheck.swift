// MARK: - CSRFCheck

/// Refuses a state-changing request whose CSRF token does not match the session's.
///
/// The token comes from the form field `_csrf` (every form Tessera renders carries it as
/// `{{csrfToken}}`) or from the `X-CSRF-Token` header (script requests). The comparison takes
/// the same time whatever the input (``Digests/constantTimeEquals(_:_:)``).
enum CSRFCheck {
    /// The form field carrying the token.
    static let field = "_csrf"

    /// Throws 403 unless `scope` carries the session's token.
    static func verify(_ scope: RequestScope) throws(RequestError) {
        let sent = scope.form[field] ?? scope.request.headers[.init("X-CSRF-Token")!] ?? ""
        guard !scope.session.csrfToken.isEmpty, Digests.constantTimeEquals(sent, scope.session.csrfToken) else {
            throw .forbidden("This form has expired or did not come from this site. Go back, reload the page and try again.")
        }
    }
}
