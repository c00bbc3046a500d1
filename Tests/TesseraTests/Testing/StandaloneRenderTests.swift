import Foundation
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Components and scenes rendered alone from a fixture database, with exact query counts: the
/// first use of a connection reads the schema, and that read is not the component's.
@Suite("Rendering alone")
struct StandaloneRenderTests {
    @Test("a component alone on a cold connection counts only its own query")
    func componentQueryCount() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let app = try await TestApp(FixtureApp(), root: folder.root)
        defer { app.removeFiles() }
        let first = try await app.render(ItemListComponent(), id: "item-list")
        #expect(first.queryCount == 1)
        let second = try await app.render(ItemListComponent(), id: "item-list", query: [("page", "2")])
        #expect(second.queryCount == 1)
        let list = HTMLDocument(second.html)
        #expect(list.select("li").map(\.text) == ["Item 3 (0 likes)", "Item 4 (0 likes)"])
        #expect(list.first("section")?[attribute: "data-src"] == "/_/item-list?page=2")
    }

    @Test("a scene alone renders its body and counts every component's queries")
    func sceneQueryCount() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let app = try await TestApp(FixtureApp(), root: folder.root)
        defer { app.removeFiles() }
        let scene = try await app.render(ItemsScene.self, path: "/items")
        #expect(scene.queryCount == 2)
        #expect(HTMLDocument(scene.html).select("main > h1").count == 1)
        #expect(HTMLDocument(scene.html).select("title").isEmpty, "no layout")
    }

    @Test("the test client keeps a session, carries its CSRF token, and asks for fragments")
    func clientSessionsAndFragments() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        try await TestApp(FixtureApp(), root: folder.root).test { client in
            let first = try await client.visit("/items")
            #expect(first.cookie.hasPrefix("tessera_csrf="), "a visitor gets a CSRF cookie, never a session row")
            // The fixture layout prints the token as `csrf=<token>;` rather than in a form.
            let page = try await client.get("/items", as: first)
            let token = page.text.components(separatedBy: "csrf=").dropFirst().first?.prefix(64) ?? ""
            let visitor = TestSession(cookie: first.cookie, token: String(token))
            #expect(visitor.token.count == 64)
            let refused = try await client.post("/items/1/like", as: visitor, token: "forged", fragment: true)
            #expect(refused.status == .forbidden)
            let liked = try await client.post("/items/1/like", as: visitor, fragment: true)
            #expect(liked.status == .ok)
            #expect(liked.select("[data-component]").map { $0[attribute: "id"] ?? "" } == ["item-list", "like-total"])
            let fragment = try await client.get("/items/_/like-total", as: visitor, fragment: true)
            #expect(fragment.select("section#like-total p").map(\.text) == ["Total: 1"])
        }
    }
}
