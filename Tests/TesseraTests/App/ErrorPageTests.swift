import Foundation
import Hummingbird
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// An app with a route that fails unexpectedly.
struct FailingApp: TesseraApp {
    struct Boom: Error, CustomStringConvertible {
        var description: String { "the shelf index is gone" }
    }

    var name: String { "Fixture Shop" }
    var scenes: [Scene.Type] { [ItemsScene.self] }
    var layout: String? { "Layouts/Main" }

    func addRoutes(to router: Router<TesseraRequestContext>, site: Site) {
        router.get("/boom") { _, _ -> Response in throw Boom() }
    }
}

/// An app whose layout links through its globals, with a route that fails and one whose write
/// breaks a foreign key.
struct LinkedFailingApp: TesseraApp {
    var name: String { "Fixture Shop" }
    var scenes: [Scene.Type] { [ItemsScene.self] }
    var layout: String? { "Layouts/Main" }

    @TemplateModel
    struct Globals {
        let aboutURL: String
    }

    func globals(_ scope: RequestScope) async -> Globals { Globals(aboutURL: "/about") }

    func addRoutes(to router: Router<TesseraRequestContext>, site: Site) {
        router.get("/boom") { _, _ -> Response in throw FailingApp.Boom() }
        router.get("/orphan") { _, _ -> Response in
            try await site.database.write { db in
                try await db.execute("CREATE TABLE IF NOT EXISTS shelf (id INTEGER PRIMARY KEY)")
                try await db.execute("CREATE TABLE IF NOT EXISTS book (shelfID INTEGER NOT NULL REFERENCES shelf (id))")
                try await db.execute("INSERT INTO book (shelfID) VALUES (99)")
            }
            return Response(status: .ok)
        }
    }

    /// A layout whose footer links through the app's globals.
    static let layout = """
        <!DOCTYPE html><html lang="en"><head><title>{{documentTitle}}</title></head><body><main>{{content}}</main><footer><a href="{{aboutURL}}">About</a></footer></body></html>
        """

    /// The answer to a GET of `path` from the app with ``layout``, on a new SQLite file or on
    /// the PostgreSQL `database`.
    static func get(_ path: String, database: String? = nil) async throws -> TestResponse {
        var templates = FixtureTemplates.all
        templates["Layouts/Main"] = layout
        let folder = try AppFolder(templates: templates)
        defer { folder.remove() }
        let app = try await TestApp(LinkedFailingApp(), root: folder.root) { configuration in
            if let database { configuration.databasePath = database }
        }
        return try await app.test { client in try await client.get(path) }
    }
}

/// An app whose globals read the database, which fails: every page is a 500.
struct FailingGlobalsApp: TesseraApp {
    var name: String { "Fixture Shop" }
    var scenes: [Scene.Type] { [ItemsScene.self] }
    var layout: String? { "Layouts/Main" }

    @TemplateModel
    struct Globals {
        let aboutURL: String
    }

    func globals(_ scope: RequestScope) async throws -> Globals {
        let url = try await scope.database.read { db in try await db.fetchValue(String.self, "SELECT url FROM no_such_table") }
        return Globals(aboutURL: url ?? "/about")
    }
}

/// Error pages render inside the app's layout (header, navigation, footer, the site's name in
/// the title, a way home), or inside Tessera's own layout when the app has none.
@Suite("Error pages")
struct ErrorPageTests {
    static let layout = """
        <!DOCTYPE html><html lang="en"><head><title>{{documentTitle}}</title></head><body><header><nav aria-label="Main"><a href="/">Home</a></nav></header><main>{{content}}</main><footer>Fixture footer</footer></body></html>
        """

    /// The fixture app's templates with ``layout`` as its `Layouts/Main`.
    static func folderWithLayout() throws -> AppFolder {
        var templates = FixtureTemplates.all
        templates["Layouts/Main"] = layout
        return try AppFolder(templates: templates)
    }

    @Test("a 404 renders in the app's layout with its navigation, footer, title and a link home")
    func notFoundInAppLayout() async throws {
        let folder = try Self.folderWithLayout()
        defer { folder.remove() }
        let app = try await TestApp(FixtureApp(), root: folder.root)
        try await app.test { client in
            let response = try await client.get("/no/such/page")
            #expect(response.status == .notFound)
            let page = response.document
            #expect(page.first("title")?.text == "Page not found · Fixture Shop")
            #expect(page.first("header nav a[href='/']") != nil)
            #expect(page.first("footer")?.text == "Fixture footer")
            #expect(page.first("main h1")?.text == "Page not found")
            #expect(page.first("main .error-actions a")?[attribute: "href"] == "/")
            Snapshot.expectMatch(response.text, named: "not-found-in-app-layout")
        }
    }

    @Test("a 500 in development shows the request, the error's type and what it says; in production nothing of it")
    func developmentShowsTheError() async throws {
        let folder = try Self.folderWithLayout()
        defer { folder.remove() }
        for development in [true, false] {
            let app = try await TestApp(FailingApp(), root: folder.root) { $0.isDevelopment = development }
            try await app.test { client in
                let response = try await client.get("/boom")
                #expect(response.status == .internalServerError)
                #expect(response.select("main h1").map(\.text) == ["Something went wrong"])
                let details = response.select("main pre.error-details").map(\.text)
                if development {
                    #expect(details == ["GET /boom Boom: the shelf index is gone"])
                } else {
                    #expect(details.isEmpty)
                    #expect(!response.text.contains("shelf index"))
                }
            }
        }
    }

    @Test("a 500 page's layout links through the app's globals, as a visitor's page does")
    func serverErrorKeepsTheLayoutsLinks() async throws {
        let response = try await LinkedFailingApp.get("/boom")
        #expect(response.status == .internalServerError)
        #expect(response.select("footer a").map { $0[attribute: "href"] } == ["/about"])
    }

    @Test("globals that throw make the page a 500, drawn in the layout without them, not a page missing its values")
    func throwingGlobals() async throws {
        var templates = FixtureTemplates.all
        templates["Layouts/Main"] = LinkedFailingApp.layout
        let folder = try AppFolder(templates: templates)
        defer { folder.remove() }
        let app = try await TestApp(FailingGlobalsApp(), root: folder.root)
        try await app.test { client in
            let response = try await client.get("/items")
            #expect(response.status == .internalServerError)
            #expect(response.select("main h1").map(\.text) == ["Something went wrong"])
            #expect(response.select("footer a").map { $0[attribute: "href"] } == [""], "the footer's link had no globals to read")
        }
    }

    @Test("a write that breaks a foreign key is a 409 page, not a 500 (SQLite, PostgreSQL)")
    func foreignKeyIsAConflict() async throws {
        var responses = [try await LinkedFailingApp.get("/orphan")]
        try await TestDatabases.withNewPostgresDatabase { url in responses.append(try await LinkedFailingApp.get("/orphan", database: url)) }
        for response in responses {
            #expect(response.status == .conflict)
            #expect(response.select("main h1").map(\.text) == ["That changed meanwhile"])
            #expect(response.select("footer a").map { $0[attribute: "href"] } == ["/about"])
        }
    }

    @Test("a 400 from a scene keeps its message, inside the layout")
    func badRequestKeepsItsMessage() async throws {
        let folder = try Self.folderWithLayout()
        defer { folder.remove() }
        try await TestApp(FixtureApp(), root: folder.root).test { client in
            let response = try await client.get("/items?page=zero")
            #expect(response.status == .badRequest)
            #expect(response.select("main h1").map(\.text) == ["That request could not be used"])
            #expect(response.select("footer").count == 1)
        }
    }

    @Test("the built-in layout's named places take the app's head, navigation links and footer, without copying it")
    func builtInLayoutPlaces() async throws {
        var templates = FixtureTemplates.all.filter { $0.key != "Layouts/Main" }
        templates["Tessera/LayoutHead"] = #"<meta name="description" content="A shop of fixtures">"#
        templates["Tessera/LayoutNavigation"] = #" <a href="/items">Items</a> <a href="/about">About</a>"#
        templates["Tessera/LayoutFooter"] = #"<p>© Fixture Shop · <a href="/terms">Terms</a></p>"#
        let folder = try AppFolder(templates: templates)
        defer { folder.remove() }
        try await TestApp(FixtureApp(declaresLayout: false), root: folder.root).test { client in
            for path in ["/items", "/nothing-here"] {
                let page = try await client.get(path)
                #expect(page.select("head meta[name=description]").map { $0[attribute: "content"] } == ["A shop of fixtures"], "\(path)")
                #expect(page.select("header nav a").map(\.text) == ["Fixture Shop", "Items", "About"], "\(path)")
                #expect(page.select("footer a").map { $0[attribute: "href"] } == ["/terms"], "\(path)")
                #expect(!page.select("footer p").map(\.text).contains { $0.contains("made with Tessera") }, "\(path)")
            }
        }
    }

    @Test("an app declaring no layout: pages and error pages use Tessera's layout with the site's name")
    func builtInLayout() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all.filter { $0.key != "Layouts/Main" })
        defer { folder.remove() }
        try await TestApp(FixtureApp(declaresLayout: false), root: folder.root).test { client in
            let page = try await client.get("/items")
            #expect(page.status == .ok)
            #expect(page.select("header .brand").map(\.text) == ["Fixture Shop"])
            #expect(page.select("script[src^='/js/tessera.'][src$='.js']").count == 1, "Tessera's script, fingerprinted")
            let missing = try await client.get("/nothing-here")
            #expect(missing.status == .notFound)
            #expect(missing.select("title").map(\.text) == ["Page not found · Fixture Shop"])
            #expect(missing.select("footer").count == 1)
            let script = try await client.get("/js/tessera.js")
            #expect(script.status == .ok)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(script.text.contains("X-Tessera-Fragment"))
        }
    }
}
