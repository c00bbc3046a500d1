import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import Logging
import TesseraTesting
@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// A Tessera site for framework tests: in-memory templates, a temporary SQLite file with a small
/// `item` table, and the scenes under test mounted with sessions.
struct FrameworkSite {
    let folder: URL
    let site: Site

    /// A site over `folder` (default a new temporary one; pass another site's to reopen its
    /// database, as after a restart), trusting `clientAddressHeader` (default none).
    init(
        templates: [String: String], scenes: [Scene.Type], logger: Logger? = nil, clientAddressHeader: String? = nil,
        folder: URL? = nil
    ) async throws {
        self.folder = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("tessera-core-\(UUID().uuidString)")
        let library = try TemplateLibrary(sources: templates.map { TemplateSource(name: $0.key, text: $0.value) })
        let database = try await TesseraDatabase.open(path: self.folder.appendingPathComponent("core.sqlite").path) { steps in
            steps.register("items") { db in
                try await db.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT NOT NULL, likes INTEGER NOT NULL DEFAULT 0)")
                for index in 1...5 { try await db.execute("INSERT INTO item (title) VALUES (?)", ["Item \(index)"]) }
            }
        }
        var configuration = SiteConfiguration()
        configuration.defaultLayout = templates["Layouts/Main"] == nil ? nil : "Layouts/Main"
        configuration.clientAddressHeader = clientAddressHeader
        var quiet = Logger(label: "core-test")
        quiet.logLevel = .critical
        let logger = logger ?? quiet
        site = try await Site(configuration: configuration, templates: library, database: database, logger: logger)
        self.scenes = scenes
    }

    let scenes: [Scene.Type]

    /// Runs `body` against the router, then removes the database (unless `keepingFiles`).
    func test<Value>(
        keepingFiles: Bool = false, _ body: @Sendable (TestClient) async throws -> Value
    ) async throws -> Value {
        defer { if !keepingFiles { try? FileManager.default.removeItem(at: folder) } }
        let router = Router(context: TesseraRequestContext.self)
        site.addMiddleware(to: router)
        let group = site.sessionRoutes(on: router)
        for scene in scenes { site.mount(scene, on: group) }
        return try await InProcessServer(router: router).test(body)
    }
}

extension TestClient {
    /// GETs `uri` with `headers` and returns the status, the body and the headers.
    func fetch(_ uri: String, headers: HTTPFields = [:]) async throws -> (HTTPResponse.Status, String, HTTPFields) {
        let response = try await send(method: .get, uri: uri, headers: headers)
        return (response.status, String(buffer: response.body), response.headers)
    }

    /// A session cookie and its CSRF token, taken from a first page load of `uri` whose body
    /// prints the token as `csrf=<token>;`.
    func session(from uri: String) async throws -> (cookie: String, token: String) {
        let (_, body, headers) = try await fetch(uri)
        let cookie = String(headers[.setCookie]?.split(separator: ";").first ?? "")
        let token = body.components(separatedBy: "csrf=").dropFirst().first?.components(separatedBy: ";").first ?? ""
        return (cookie, token)
    }

    /// POSTs a URL-encoded form.
    func post(_ uri: String, form: String, cookie: String, fragment: Bool = false) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: cookie]
        if fragment { headers[HTTPField.Name("X-Tessera-Fragment")!] = "1" }
        return try await send(method: .post, uri: uri, headers: headers, body: ByteBuffer(string: form))
    }
}
