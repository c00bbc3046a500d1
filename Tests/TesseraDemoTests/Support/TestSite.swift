import Foundation
import HTTPTypes
import NIOCore
import Hummingbird
import HummingbirdTesting
import Logging
import Tessera

@testable import TesseraDemo

/// A demo site on a fresh temporary database, with the repository's `Views/` and `Public/`.
struct TestSite {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The fixed "now" of every test: 100 days after the seed's first post.
    static let now = DemoSeed.epoch.addingTimeInterval(100 * 24 * 3600)

    let folder: URL
    let configuration: DemoConfiguration
    let site: Site

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-test-\(UUID().uuidString)")
        var configuration = DemoConfiguration()
        configuration.databasePath = folder.appendingPathComponent("test.sqlite").path
        configuration.uploadsDirectory = folder.appendingPathComponent("uploads").path
        configuration.viewsDirectory = Self.repository.appendingPathComponent("Views").path
        configuration.publicDirectory = Self.repository.appendingPathComponent("Public").path
        configuration.now = { TestSite.now }
        configuration.clientAddressHeader = "X-Forwarded-For"  // tests choose their client's address
        self.configuration = configuration
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        site = try DemoApp.makeSite(configuration, logger: logger)
    }

    /// The same files opened again by a new site, as after a restart.
    init(reopening other: TestSite) throws {
        folder = other.folder
        configuration = other.configuration
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        site = try DemoApp.makeSite(configuration, logger: logger)
    }

    /// Runs `body` against the app's router, then deletes the database folder (unless
    /// `keepingFiles`, for a test that reopens them).
    func test<Value>(
        _ mode: TestingSetup = .router, keepingFiles: Bool = false,
        _ body: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        defer { if !keepingFiles { try? FileManager.default.removeItem(at: folder) } }
        let app = Application(
            router: DemoApp.makeRouter(site: site),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "Tessera Community"))
        return try await app.test(mode, body)
    }
}

extension TestResponse {
    /// The body as a string.
    var text: String { String(buffer: body) }
}

/// A browser-like session in tests: a cookie and the CSRF token its pages carry.
struct TestSession: Sendable {
    var cookie: String
    var token: String

    /// Headers sending the cookie.
    var headers: HTTPFields { [.cookie: cookie] }
}

extension TestClientProtocol {
    /// GETs `uri` with `session`'s cookie.
    func get(_ uri: String, as session: TestSession? = nil) async throws -> TestResponse {
        try await execute(uri: uri, method: .get, headers: session?.headers ?? [:])
    }

    /// POSTs `fields` URL-encoded, with the session's cookie and CSRF token (unless `token`
    /// says otherwise) and `extra` headers; `fragment` asks for fragments as the client script
    /// does.
    func post(
        _ uri: String, _ fields: [(String, String)] = [], as session: TestSession, token: String? = nil, fragment: Bool = false,
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = session.headers
        headers.append(contentsOf: extra)
        headers[.contentType] = "application/x-www-form-urlencoded"
        if fragment { headers[HTTPField.Name("X-Tessera-Fragment")!] = "1" }
        let all = [("_csrf", token ?? session.token)] + fields
        let body = all.map { URLQuery.escape($0.0) + "=" + URLQuery.escape($0.1) }.joined(separator: "&")
        return try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// A visitor session: the cookie set by a first page, and the token in its forms.
    func visit() async throws -> TestSession {
        let response = try await execute(uri: "/signin", method: .get)
        let cookie = String(response.headers[.setCookie]?.split(separator: ";").first ?? "")
        return TestSession(cookie: cookie, token: Self.csrfToken(in: response.text))
    }

    /// Signs in as `username` (default the demo account) and returns the signed-in session.
    func signIn(_ username: String = "demo", password: String = "tessera-demo") async throws -> TestSession {
        let visitor = try await visit()
        let response = try await post("/signin", [("username", username), ("password", password)], as: visitor)
        precondition(response.status == .seeOther, "sign-in failed: \(response.status)")
        let cookie = String(response.headers[.setCookie]?.split(separator: ";").first ?? "")
        let page = try await execute(uri: "/signin", method: .get, headers: [.cookie: cookie])
        return TestSession(cookie: cookie, token: Self.csrfToken(in: page.text))
    }

    /// The first CSRF token in a page's forms.
    static func csrfToken(in html: String) -> String {
        html.components(separatedBy: "name=\"_csrf\" value=\"").dropFirst().first?.prefix(64).description ?? ""
    }
}
