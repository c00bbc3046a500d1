import Foundation
import Hummingbird
import Logging
import Synchronization
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// The dev server: template reloading, reload events, the in-browser error page, request logs.
@Suite("Dev server")
struct DevServerTests {
    /// A views folder with one page template, and a site over it.
    struct Fixture {
        let root: URL
        let views: URL
        let site: Site

        init() async throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-dev-\(UUID().uuidString)")
            views = root.appendingPathComponent("Views")
            try FileManager.default.createDirectory(at: views, withIntermediateDirectories: true)
            try "<p>{{greeting}}, first</p>".write(to: views.appendingPathComponent("Page.mustache"), atomically: true, encoding: .utf8)
            var configuration = SiteConfiguration()
            configuration.viewsDirectory = views.path
            configuration.defaultLayout = nil
            let database = try await TesseraDatabase.open(path: root.appendingPathComponent("dev.sqlite").path)
            var logger = Logger(label: "dev-test")
            logger.logLevel = .critical
            site = try await Site(configuration: configuration, templates: try TemplateLibrary.load(directory: views), database: database, logger: logger)
        }

        func write(_ name: String, _ text: String) throws {
            try text.write(to: views.appendingPathComponent(name + ".mustache"), atomically: true, encoding: .utf8)
        }

        func render() -> String { site.templates.render("Page", ["greeting": "Hello"]).description }
    }

    @Test("a changed template is recompiled without a restart")
    func recompilesChangedTemplates() async throws {
        let fixture = try await Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        let reloader = DevReloader(site: fixture.site)
        #expect(fixture.render() == "<p>Hello, first</p>")
        #expect(reloader.checkForChanges() == false)
        try fixture.write("Page", "<p>{{greeting}}, second version</p>")
        #expect(reloader.checkForChanges())
        #expect(fixture.render() == "<p>Hello, second version</p>")
    }

    @Test("open pages are told to reload")
    func pagesAreToldToReload() async throws {
        let fixture = try await Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        let reloader = DevReloader(site: fixture.site)
        var events = reloader.events().makeAsyncIterator()
        try fixture.write("Other", "<b>new file</b>")
        #expect(reloader.checkForChanges())
        #expect(await events.next() == "reload")
    }

    @Test("a broken edit keeps the last good templates and shows file:line:col with the lines around it")
    func brokenEditShowsErrorPage() async throws {
        let fixture = try await Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        let reloader = DevReloader(site: fixture.site)
        try fixture.write("Page", "<div>\n  <p>{{greeting}}</p>\n  <span>oops</div>\n")
        #expect(reloader.checkForChanges())
        let errors = try #require(reloader.errors)
        #expect(errors.description == "Views/Page.mustache:3:13: </div> does not match <span> opened at 3:3")
        #expect(fixture.render() == "<p>Hello, first</p>", "the last good templates stay in place")

        let page = String(decoding: DevErrorMiddleware.page(errors, viewsParent: fixture.views), as: UTF8.self)
        #expect(page.contains("<code>Views/Page.mustache:3:13: &lt;/div&gt; does not match &lt;span&gt; opened at 3:3</code>"))
        #expect(page.contains("&gt;    3 |   &lt;span&gt;oops&lt;/div&gt;\n" + String(repeating: " ", count: 21) + "^\n"), "the caret stands under column 13")
        #expect(page.contains("<meta name=\"tessera-dev-events\" content=\"/_tessera/events\">"))

        try fixture.write("Page", "<p>{{greeting}}, fixed</p>")
        #expect(reloader.checkForChanges())
        #expect(reloader.errors == nil)
        #expect(fixture.render() == "<p>Hello, fixed</p>")
    }

    @Test("an edit reading a key its model lacks is caught on reload as at start-up, at file:line:col")
    func reloadRunsTheStartUpChecks() async throws {
        let fixture = try await Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        try FileManager.default.createDirectory(at: fixture.views.appendingPathComponent("Books"), withIntermediateDirectories: true)
        try fixture.write("Books/Finish", "<p>finish</p>")
        var configuration = TesseraConfiguration()
        configuration.viewsDirectory = fixture.views.path
        let reloader = DevReloader(site: fixture.site) { [configuration] in try ShelfApp().check(configuration) }
        try fixture.write("Books/Finish", "<p>\n{{nmae}}</p>")
        #expect(reloader.checkForChanges())
        let errors = try #require(reloader.errors)
        #expect(errors.description == "Views/Books/Finish.mustache:2:1: key 'nmae' is not provided by EmptyModel (FinishComponent)")
        #expect(fixture.render() == "<p>Hello, first</p>", "the last good templates stay in place")
        let page = String(decoding: DevErrorMiddleware.page(errors, viewsParent: fixture.views), as: UTF8.self)
        #expect(page.contains("&gt;    2 | {{nmae}}&lt;/p&gt;\n" + String(repeating: " ", count: 9) + "^\n"), "the caret under the key")

        try fixture.write("Books/Finish", "<p>finished</p>")
        #expect(reloader.checkForChanges())
        #expect(reloader.errors == nil)
    }

    @Test("every request logs one line with status, time, SQL count and each component")
    func requestsLogOneLine() async throws {
        let logged = try await Self.requestLines(FixtureTemplates.all, [ItemsScene.self], gets: ["/items", "/missing"])
        #expect(logged.count == 2)
        let pattern = try Regex(#"^GET /items 200 \d+\.\d\dms sql=2 \[(item-list|like-total) \d+\.\d\dms 1q, (item-list|like-total) \d+\.\d\dms 1q\]$"#)
        #expect(logged[0].wholeMatch(of: pattern) != nil, "\(logged[0])")
        #expect(logged[1].hasPrefix("GET /missing 404 "))
    }

    @Test("a component written from an earlier request's fragment is counted as reused, not listed")
    func reusedComponentsAreCounted() async throws {
        let logged = try await Self.requestLines(StampsScene.templates, [StampsScene.self], gets: ["/stamps", "/stamps"])
        #expect(logged.count == 2)
        let first = try Regex(#"^GET /stamps 200 \d+\.\d\dms sql=\d+ \[([a-z]+ \d+\.\d\dms \dq(, )?){4}\]$"#)
        #expect(logged.first?.wholeMatch(of: first) != nil, "\(logged.first ?? "")")
        // Shared, per-member and token stamps are reused (a token is a hole, filled as the page
        // leaves); the plain one, which never reuses, loads.
        let second = try Regex(#"^GET /stamps 200 \d+\.\d\dms sql=\d+ \[plain \d+\.\d\dms \dq, 3 reused\]$"#)
        #expect(logged.last?.wholeMatch(of: second) != nil, "\(logged.last ?? "")")
    }

    /// The request log's lines for `gets`, one after another, on a site of `scenes`.
    private static func requestLines(_ templates: [String: String], _ scenes: [Scene.Type], gets: [String]) async throws -> [String] {
        let lines = LogCapture()
        let site = try await FrameworkSite(templates: templates, scenes: scenes, logger: Logger(label: "capture") { _ in lines })
        try await site.test { client in
            for uri in gets { _ = try await client.send(method: .get, uri: uri) }
        }
        return lines.messages.filter { $0.hasPrefix("GET ") }
    }
}

/// Keeps every message logged through it.
final class LogCapture: LogHandler, Sendable {
    private let store = Mutex<[String]>([])
    var messages: [String] { store.withLock { $0 } }
    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }
    var logLevel: Logger.Level {
        get { .trace }
        set {}
    }
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }
    func log(event: LogEvent) {
        store.withLock { $0.append(event.message.description) }
    }
}
