import Foundation
import HTTPTypes
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Scenes: hook order, composition by subclassing, error isolation, analytics.
@Suite("Scene life cycle", .serialized)
struct SceneLifecycleTests {
    @Test("hooks run in the documented order")
    func hooksRunInOrder() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        let log = HookLog()
        try await HookLog.$current.withValue(log) {
            try await site.test { client in
                let (status, _, _) = try await client.fetch("/items")
                #expect(status == .ok)
            }
        }
        #expect(log.take() == [
            "parseParameters", "chooseLayout", "loadData", "make item-list", "make like-total", "component.load", "willRender",
            "render", "didRender",
        ])
    }

    @Test("the page renders its components inside the layout, with the title set last")
    func pageComposesComponents() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            let (_, body, _) = try await client.fetch("/items")
            #expect(body.hasPrefix("<!DOCTYPE html><html><head><title>Items</title></head><body><main><h1>All items</h1>"))
            #expect(body.contains(
                "<section id=\"item-list\" data-component=\"item-list\" data-src=\"/items/_/item-list\"><ul data-items><li>Item 1 (0 likes)</li><li>Item 2 (0 likes)</li></ul>"))
            #expect(body.contains("<aside><section id=\"like-total\" data-component=\"like-total\" data-src=\"/items/_/like-total\"><p>Total: 0</p></section></aside>"))
        }
    }

    @Test("a failing component shows its own error while the rest of the page renders")
    func errorIsIsolated() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsWithBrokenPartScene.self])
        try await site.test { client in
            let (status, body, _) = try await client.fetch("/items-broken")
            #expect(status == .ok)
            #expect(body.contains("<li>Item 1 (0 likes)</li>"))
            #expect(body.contains("<p>Total: 0</p>"))
            #expect(body.contains(
                "<section id=\"broken\" data-component=\"broken\" data-src=\"/items-broken/_/broken\"><div class=\"component-error\" role=\"alert\"><p>This part of the page could not be loaded.</p>"))
        }
    }

    @Test("a bad parameter is a 400 page, never a 500", arguments: ["page=abc", "page=0", "page=99999999999999999999", "page=%ZZ"])
    func badParameterIs400(_ query: String) async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            let (status, body, _) = try await client.fetch("/items?" + query)
            #expect(status == .badRequest)
            #expect(body.contains("<h1 id=\"error-title\">That request could not be used</h1>"))
        }
    }

    @Test("page views are recorded, with what the scene changed")
    func pageViewsAreRecorded() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in _ = try await client.get("/items") }
        await AnalyticsWriter(site: site.site).flush()
        let events = try await AnalyticsRecorder(database: site.site.database).events()
        #expect(events == [AnalyticsEvent(kind: .pageView, name: "ItemsScene", path: "/items", status: 200, detail: "items-page")])
    }
}
