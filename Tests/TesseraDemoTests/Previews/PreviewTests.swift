import Foundation
import Tessera
import TesseraTesting
import Testing

@testable import TesseraDemo

/// The demo's previews: every component has some, each renders on its own database, and each is
/// a validated snapshot.
@Suite("Previews")
struct PreviewTests {
    @Test("every preview of the demo matches its snapshot")
    func everyPreviewMatchesItsSnapshot() async throws {
        await PreviewSnapshots.expectAllMatch(try await TestSite().app)
    }

    @Test("every component a scene or the layout holds has at least two previews, listed once")
    func everyComponentHasPreviews() {
        let listed = DemoApp().previews.map { String(describing: $0) }
        #expect(Set(listed).count == listed.count)
        for type in DemoApp().previews { #expect(type.previews.count >= 2, "\(type)") }
        let held = ((DemoApp().scenes + DemoApp().statelessScenes).flatMap { $0.componentTypes } + DemoApp().layoutComposition.map(\.type))
            .map { String(describing: $0) }
        #expect(!held.isEmpty)
        for name in held { #expect(listed.contains(name), "\(name) has no previews") }
        #expect(listed.count == 27)
    }

    @Test("rendering every preview leaves the app's database as it was")
    func previewsNeverTouchTheAppDatabase() async throws {
        let site = try await TestSite()
        defer { site.app.removeFiles() }
        let tables = ["user", "blog", "draft", "photo", "comment", "message", "priority"]
        func counts() async throws -> [Int] {
            try await site.site.database.read { db in
                var counts: [Int] = []
                for table in tables { counts.append(try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM \"\(table)\"") ?? -1) }
                return counts
            }
        }
        let before = try await counts()
        let runner = PreviewRunner(app: site.app.app, site: site.site)
        var rendered = 0
        for group in runner.groups {
            for preview in group.previews where await runner.render(preview).failure == nil { rendered += 1 }
        }
        #expect(rendered == runner.groups.reduce(0) { $0 + $1.previews.count })
        #expect(try await counts() == before)
        #expect(before[0] == 6, "the seeded database")
    }

    @Test("a preview whose fixtures fail says why instead of rendering")
    func failingFixturesAreReported() async throws {
        let site = try await TestSite()
        defer { site.app.removeFiles() }
        let runner = PreviewRunner(app: site.app.app, site: site.site)
        let broken = Preview("broken", fixtures: { db in try await db.execute("INSERT INTO no_such_table VALUES (1)") }) {
            FeedComponent(links: .demo)
        }
        let result = await runner.render(broken)
        #expect(result.html.isEmpty)
        #expect(result.failure?.contains("no_such_table") == true)
    }

    @Test("the error state shows the component's error fragment and what load threw")
    func errorStateRendersTheErrorFragment() async throws {
        let site = try await TestSite()
        defer { site.app.removeFiles() }
        let runner = PreviewRunner(app: site.app.app, site: site.site)
        let found = try #require(runner.find(group: "gallery-component", preview: "error"))
        let result = await runner.render(found.1)
        #expect(result.failure == nil)
        #expect(result.loadError?.contains("photo") == true)
        #expect(result.html.contains("could not be loaded"))
    }

    // MARK: - The dev pages

    @Test("in development /_tessera/previews lists every preview, and each renders in the layout and bare")
    func devCatalogueRendersEveryPreview() async throws {
        let app = try await TestApp<DemoApp>(root: TestSite.repository) { configuration in
            configuration.now = { TestSite.now }
            configuration.isDevelopment = true
        }
        try await app.test { client in
            let catalogue = try await client.get("/_tessera/previews")
            #expect(catalogue.status == .ok)
            let links = catalogue.select("a[data-tessera-preview-link]").compactMap { $0.attributes["href"] }
            #expect(links.count == DemoApp().previews.reduce(0) { $0 + $1.previews.count })
            for link in links {
                let page = try await client.get(link)
                #expect(page.status == .ok, "\(link)")
                #expect(page.select("[data-tessera-preview-failure]").isEmpty, "\(link)")
                #expect(page.select("[data-tessera-preview-fragment] [data-component]").count >= 1, "\(link)")
                #expect(Int(page.select("[data-tessera-preview-queries]").first?.text ?? "") != nil, "\(link)")
                #expect(HTMLValidator.problems(in: page.text, file: link).isEmpty, "\(link)")
            }
            let bare = try await client.get(links[0] + "?frame=bare")
            #expect(bare.status == .ok)
            #expect(bare.select("body.tessera-preview").count == 1)
            let unknown = try await client.get("/_tessera/previews/feed-component/no-such-state")
            let hostile = try await client.get("/_tessera/previews/%3Cscript%3E/x")
            #expect(unknown.status == .notFound)
            #expect(hostile.status == .notFound)
        }
    }

    @Test("in production the previews do not exist")
    func noPreviewsInProduction() async throws {
        try await TestSite().test { client in
            let catalogue = try await client.get("/_tessera/previews")
            let preview = try await client.get("/_tessera/previews/feed-component/empty")
            #expect(catalogue.status == .notFound)
            #expect(preview.status == .notFound)
        }
    }
}
