import Foundation
import Testing
import TesseraTesting

@testable import Tessera

/// `/up`: what a balancer asks. 200 while the process serves and its database answers; 503
/// while it drains; plain text that no cache keeps, with no session and no page.
@Suite("Health check")
struct HealthCheckTests {
    @Test("/up answers 200 up, no-store, without a session cookie; HEAD too")
    func upWhileServing() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        try await TestApp(FixtureApp(), root: folder.root).test { client in
            let response = try await client.get("/up")
            #expect(response.status == .ok)
            #expect(response.text == "up\n")
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
            #expect(response.headers[.setCookie] == nil)
            let head = try await client.send(method: .head, uri: "/up")
            #expect(head.status == .ok)
        }
    }

    @Test("/up answers 503 draining once the process drains, while pages still answer, marked Connection: close")
    func drainingAnswers503() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let app = try await TestApp(FixtureApp(), root: folder.root)
        try await app.test { client in
            let serving = try await client.get("/items")
            #expect(serving.headers[.connection] == nil)
            app.site.health.markDraining()
            let response = try await client.get("/up")
            #expect(response.status == .serviceUnavailable)
            #expect(response.text == "draining\n")
            #expect(response.headers[.cacheControl] == "no-store")
            let page = try await client.get("/items")
            #expect(page.status == .ok)
            #expect(page.headers[.connection] == "close", "a proxy drops its kept connection to a draining process")
        }
    }

    @Test("the path is the app's setting; nil mounts none")
    func configurablePath() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        try await TestApp(HealthPathApp(path: "/_health"), root: folder.root).test { client in
            let moved = try await client.get("/_health")
            let old = try await client.get("/up")
            #expect(moved.status == .ok)
            #expect(old.status == .notFound)
        }
        try await TestApp(HealthPathApp(path: nil), root: folder.root).test { client in
            let none = try await client.get("/up")
            #expect(none.status == .notFound)
        }
    }

    @Test("a database that does not answer within the deadline is a 503 naming it")
    func slowDatabase() async {
        let problem = await Site.firstAnswer(within: .milliseconds(20)) { try await Task.sleep(for: .seconds(30)) }
        #expect(problem == "did not answer within 0.02 seconds")
        let failure = await Site.firstAnswer(within: .seconds(30)) { throw CancellationError() }
        #expect(failure?.hasPrefix("failed: ") == true)
        #expect(await Site.firstAnswer(within: .seconds(30)) {} == nil)
    }
}

/// The fixture app with its health check on another path (or none).
struct HealthPathApp: TesseraApp {
    var path: String?
    init() {}
    init(path: String?) { self.path = path }
    var scenes: [Scene.Type] { [ItemsScene.self] }
    var layout: String? { "Layouts/Main" }
    func configure(_ site: inout SiteConfiguration, for configuration: TesseraConfiguration) { site.healthCheckPath = path }
    func migrations(_ steps: inout Migrations) { FixtureApp().migrations(&steps) }
}
