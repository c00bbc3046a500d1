import Foundation
import TesseraTesting

import Tessera

@testable import TesseraDemo

/// A browser-like session in tests (``TesseraTesting/TestSession``).
typealias TestSession = TesseraTesting.TestSession

/// The demo app under test (``TesseraTesting/TestApp``): a fresh temporary database, the
/// repository's `Views/` and `Public/`, a clock fixed at ``now``, and reused fragments that only
/// a write ends.
struct TestSite {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The fixed "now" of every test: 100 days after the seed's first post.
    static let now = DemoSeed.epoch.addingTimeInterval(100 * 24 * 3600)

    /// The app under test.
    let app: TestApp<DemoApp>
    /// The temporary folder holding the database and uploads.
    var folder: URL { app.folder }
    /// The configuration the site was made with.
    var configuration: TesseraConfiguration { app.configuration }
    /// The site.
    var site: Site { app.site }

    /// A site reusing fragments (default) or loading every component on every request, on a
    /// new SQLite file, or on the database `databaseURL` names (``onPostgres(_:)``).
    init(reusingFragments: Bool = true, databaseURL: String? = nil) async throws {
        app = try await TestApp<DemoApp>(root: Self.repository) { configuration in
            if let databaseURL { configuration.databasePath = databaseURL }
            configuration.now = { TestSite.now }
            configuration.clientAddressHeader = "X-Forwarded-For"  // tests choose their client's address
            configuration.reusesFragments = reusingFragments
        }
    }

    /// The same files opened again by a new site, as after a restart.
    init(reopening other: TestSite) async throws {
        app = try await TestApp(reopening: other.app)
    }

    /// Runs `body` against the app's router, in process, then deletes the database folder
    /// (unless `keepingFiles`, for a test that reopens them).
    func test<Value>(keepingFiles: Bool = false, _ body: @Sendable (TestClient) async throws -> Value) async throws -> Value {
        try await app.test(keepingFiles: keepingFiles, body)
    }
}

extension TestClient {
    /// A visitor session: the cookie set by a first page, and the token in its forms.
    func visit() async throws -> TestSession {
        try await visit("/signin")
    }

    /// Signs in as `username` (default the demo account) and returns the signed-in session.
    func signIn(_ username: String = "demo", password: String = "tessera-demo") async throws -> TestSession {
        try await signIn(at: "/signin", [("username", username), ("password", password)])
    }
}
