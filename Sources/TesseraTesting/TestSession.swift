import HTTPTypes

// MARK: - TestSession

/// A browser-like session in tests: the session cookie, and the CSRF token its pages carry.
public struct TestSession: Sendable {
    /// The `name=value` part of the session cookie.
    public var cookie: String
    /// The CSRF token the session's forms carry (`_csrf`).
    public var token: String

    /// A session.
    public init(cookie: String, token: String) {
        self.cookie = cookie
        self.token = token
    }

    /// Headers sending the cookie.
    public var headers: HTTPFields { [.cookie: cookie] }
}
