import Foundation
import Logging
import Tessera

// MARK: - TestApp

/// An app under test: its site on a fresh temporary database (migrated and seeded), with the
/// package's own `Views/` and `Public/`, served in process.
///
/// ```swift
/// let app = try await TestApp<BookClub>()
/// try await app.test { client in
///     let page = try await client.get("/")
///     #expect(page.select("#shelf li").count == 3)
/// }
/// ```
///
/// Each `TestApp` has its own database; ``test(keepingFiles:_:)`` deletes it when its body ends.
/// Mail is caught, not sent: ``runJobs()`` runs what actions enqueued, and ``mails`` lists what
/// was sent.
public struct TestApp<App: TesseraApp>: Sendable {
    /// The app.
    public let app: App
    /// The temporary folder holding the database (and any data the app keeps beside it).
    public let folder: URL
    /// The configuration the site was made with.
    public let configuration: TesseraConfiguration
    /// The site: templates, database, services.
    public let site: Site

    /// A site for `app` on a new database in a temporary folder.
    ///
    /// - Parameters:
    ///   - app: the app to run (default: a new one).
    ///   - root: the package's folder (with `Views/` and `Public/`); default the
    ///     nearest folder above the calling test file that holds a `Package.swift`.
    ///   - filePath: the calling test file, whose folders are searched for the package's
    ///     (default: the caller's `#filePath`).
    ///   - configure: last changes to the configuration (a fixed clock, say).
    public init(
        _ app: App = App(), root: URL? = nil, filePath: String = #filePath,
        configure: (inout TesseraConfiguration) -> Void = { _ in }
    ) async throws {
        let root = root ?? Self.packageRoot(from: URL(fileURLWithPath: filePath))
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-test-\(UUID().uuidString)")
        var configuration = TesseraConfiguration()
        configuration.databasePath = folder.appendingPathComponent("test.sqlite").path
        configuration.viewsDirectory = root.appendingPathComponent("Views").path
        configuration.publicDirectory = root.appendingPathComponent("Public").path
        configuration.catchesMail = true
        configure(&configuration)
        self.configuration = configuration
        self.app = app
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        site = try await app.makeSite(configuration, logger: logger)
    }

    /// A new site on `other`'s files, as after a restart (run `other` with `keepingFiles: true`).
    public init(reopening other: TestApp) async throws {
        folder = other.folder
        configuration = other.configuration
        app = other.app
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        site = try await app.makeSite(configuration, logger: logger)
    }

    /// Runs `body` against the app's router as `serve` builds it, in process (no socket: see
    /// ``InProcessServer``), then deletes the temporary folder unless `keepingFiles` (default
    /// false; for a test that reopens them with ``init(reopening:)``).
    public func test<Value>(
        keepingFiles: Bool = false, _ body: @Sendable (TestClient) async throws -> Value
    ) async throws -> Value {
        defer { if !keepingFiles { try? FileManager.default.removeItem(at: folder) } }
        let server = InProcessServer(router: try app.makeRouter(site: site), logger: InProcessServer.logger(label: app.name))
        return try await server.test(body)
    }

    // MARK: - Jobs and mail

    /// Runs every job that is ready, and those they enqueue, until none is left (a failed one
    /// waits for its next try); how many tries ran.
    @discardableResult
    public func runJobs() async throws -> Int { try await site.drainJobs() }

    /// The mails sent so far, oldest first (when `TesseraConfiguration.catchesMail` is on, as
    /// it is unless the test configured an SMTP server).
    public var mails: [Mail] { site.mailer.caught.map(\.mail) }

    // MARK: - Analytics

    /// The analytics events the site recorded so far, oldest first, once those still queued
    /// are written (as `AnalyticsWriter` writes them while the app is served).
    public func analyticsEvents() async throws -> [AnalyticsEvent] {
        _ = await AnalyticsWriter(site: site).flush()
        return try await AnalyticsRecorder(database: site.database).events()
    }

    // MARK: - Rendering alone

    /// Renders `component` alone as `id` (default its name) on the scene at `sceneURL`
    /// (default `/`), loaded from this app's database as a visitor (or as `userID`) with
    /// `query`: its fragment and the SQL statements its loading ran (a store's statements and
    /// nothing else), so an N+1 test is exact.
    public func render<C: Component>(
        _ component: C, id: String? = nil, sceneURL: String = "/", query: [(String, String)] = [], userID: Int64? = nil
    ) async throws -> StandaloneRender {
        try await site.renderAlone(
            component, id: id, sceneURL: sceneURL, scope: .standalone(site: site, query: query, userID: userID))
    }

    /// Renders `scene` alone (its body, without the layout) for the page at `path` with route
    /// `parameters`, and counts its queries as ``render(_:id:sceneURL:query:userID:)`` does.
    public func render(
        _ scene: Scene.Type, path: String = "/", parameters: [(String, String)] = [], query: [(String, String)] = [],
        userID: Int64? = nil
    ) async throws -> StandaloneRender {
        try await site.renderAlone(
            scene, scope: .standalone(site: site, path: path, parameters: parameters, query: query, userID: userID))
    }

    /// Deletes the temporary folder (``test(keepingFiles:_:)`` does this itself).
    public func removeFiles() { try? FileManager.default.removeItem(at: folder) }

    // MARK: - Private

    /// The nearest folder above `file` holding a `Package.swift`.
    static func packageRoot(from file: URL) -> URL {
        var folder = file.deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }
}
