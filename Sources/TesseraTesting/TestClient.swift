import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Tessera

// MARK: - TestClient

/// Requests to an app in the test's own process, the way a browser and Tessera's client script
/// make them: with a session's cookie, with its CSRF token on every form, as full pages or as
/// fragments (`X-Tessera-Fragment`).
public struct TestClient: Sendable {
    /// Hummingbird's client underneath, for anything else (other methods, raw bodies).
    public let raw: any TestClientProtocol

    /// A client over Hummingbird's `client`.
    public init(_ client: any TestClientProtocol) { raw = client }

    // MARK: - Requests

    /// GETs `uri` with `session`'s cookie (default none); `fragment` asks for fragments as the
    /// client script does.
    public func get(_ uri: String, as session: TestSession? = nil, fragment: Bool = false) async throws -> TestResponse {
        var headers = session?.headers ?? [:]
        if fragment { headers[Self.fragmentHeader] = "1" }
        return try await raw.execute(uri: uri, method: .get, headers: headers)
    }

    /// POSTs `fields` URL-encoded with the session's cookie and CSRF token (unless `token` says
    /// otherwise) and `extra` headers (default none); `fragment` asks for fragments as the
    /// client script does.
    public func post(
        _ uri: String, _ fields: [(String, String)] = [], as session: TestSession, token: String? = nil, fragment: Bool = false,
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = session.headers
        headers.append(contentsOf: extra)
        headers[.contentType] = "application/x-www-form-urlencoded"
        if fragment { headers[Self.fragmentHeader] = "1" }
        let all = [("_csrf", token ?? session.token)] + fields
        let body = all.map { URLQuery.escape($0.0) + "=" + URLQuery.escape($0.1) }.joined(separator: "&")
        return try await raw.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    // MARK: - Sessions

    /// A visitor's session: the cookie a first page load of `uri` sets, and the CSRF token in
    /// that page's forms (both empty if it has none: a page without a form sets no cookie).
    public func visit(_ uri: String) async throws -> TestSession {
        let response = try await raw.execute(uri: uri, method: .get)
        return TestSession(cookie: Self.cookie(in: response) ?? "", token: Self.csrfToken(in: response.text))
    }

    /// Signs in by posting `fields` to the sign-in form at `uri`, then returns the signed-in
    /// session (its new cookie, and the token its pages now carry). Fails the calling test and
    /// throws when the app does not answer with a redirect.
    public func signIn(at uri: String, _ fields: [(String, String)]) async throws -> TestSession {
        let visitor = try await visit(uri)
        let response = try await post(uri, fields, as: visitor)
        guard response.status == .seeOther, let cookie = Self.cookie(in: response) else {
            throw TestClientError(message: "signing in at \(uri) answered \(response.status), not a redirect with a new session")
        }
        let page = try await raw.execute(uri: uri, method: .get, headers: [.cookie: cookie])
        return TestSession(cookie: cookie, token: Self.csrfToken(in: page.text))
    }

    // MARK: - Reading

    /// The first CSRF token in a page's forms, or "".
    public static func csrfToken(in html: String) -> String {
        html.components(separatedBy: "name=\"_csrf\" value=\"").dropFirst().first?.prefix(64).description ?? ""
    }

    /// The `name=value` of the cookie `response` sets, if any.
    public static func cookie(in response: TestResponse) -> String? {
        response.headers[.setCookie].flatMap { $0.split(separator: ";").first.map(String.init) }
    }

    /// The header asking for fragments.
    static let fragmentHeader = HTTPField.Name("X-Tessera-Fragment")!
}

/// A test request that did not go as the helper needs.
public struct TestClientError: Error, CustomStringConvertible {
    /// What happened.
    public let message: String
    /// The message.
    public var description: String { message }
}

extension TestResponse {
    /// The body as text.
    public var text: String { String(buffer: body) }

    /// The body parsed as HTML, for ``HTMLDocument/select(_:)``.
    public var document: HTMLDocument { HTMLDocument(text) }

    /// The elements of the body matching the CSS `selector`.
    public func select(_ selector: String) -> [HTMLElement] { document.select(selector) }
}
