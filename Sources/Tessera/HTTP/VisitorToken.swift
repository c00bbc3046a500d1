import Synchronization

// MARK: - VisitorToken

/// A visitor's CSRF token, made the first time something reads it (a template's `{{csrfToken}}`,
/// the CSRF check of a POST): the signature of the nonce in the visitor's `tessera_csrf` cookie,
/// or of a nonce drawn then, which ``SessionMiddleware`` sends back in that cookie.
///
/// A page without a form never reads it, so it costs no random bytes, no signature and no
/// `Set-Cookie` (a response a shared cache may keep); the cookie arrives with the first page
/// that has a form, together with the form whose token it signs.
final class VisitorToken: Sendable {
    private let sentNonce: String?
    private let tokens: CSRFTokens
    private let made = Mutex<(nonce: String, token: String)?>(nil)

    /// The token of a visitor whose cookie sent `sentNonce` (nil: none, or not one the site issued),
    /// signed by `tokens`.
    init(sentNonce: String?, tokens: CSRFTokens) {
        self.sentNonce = sentNonce
        self.tokens = tokens
    }

    /// The token, made on the first read and the same for the rest of the request.
    var token: String {
        made.withLock { made in
            if let made { return made.token }
            let nonce = sentNonce ?? tokens.newNonce()
            let token = tokens.token(forNonce: nonce)
            made = (nonce, token)
            return token
        }
    }

    /// Whether something read the token during this request (the response then holds it, or
    /// answers a form that sent it).
    var wasRead: Bool { made.withLock { $0 != nil } }

    /// The nonce the visitor's cookie must now hold: one drawn by this request because the
    /// token was read and the request sent none; nil otherwise.
    var nonceToSend: String? {
        made.withLock { made in
            guard let made, made.nonce != sentNonce else { return nil }
            return made.nonce
        }
    }
}
