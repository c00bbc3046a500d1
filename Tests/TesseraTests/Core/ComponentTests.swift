import Foundation
import HTTPTypes
import Hummingbird
import Synchronization
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Components: own URL, same bytes alone and in the page, concurrent loading, actions, query
/// budget.
@Suite("Components", .serialized)
struct ComponentTests {
    @Test("a fragment is byte for byte what the page contains")
    func fragmentEqualsPageBytes() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            let (_, page, _) = try await client.fetch("/items")
            for id in ["item-list", "like-total"] {
                let (status, fragment, headers) = try await client.fetch("/items/_/\(id)")
                #expect(status == .ok)
                #expect(headers[.contentType] == "text/html; charset=utf-8")
                #expect(fragment.hasPrefix("<section id=\"\(id)\" data-component=\"\(id)\" data-src=\"/items/_/\(id)\">"))
                #expect(page.contains(fragment))
            }
        }
    }

    @Test("load more: the next page's fragment carries its own state and a further link")
    func paginationIsOwnedByTheList() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            let (_, first, _) = try await client.fetch("/items")
            #expect(first.contains("<a href=\"?page=2\" data-tessera-fragment=\"/items/_/item-list?page=2\" data-tessera-append>More</a>"))
            let (_, second, _) = try await client.fetch("/items/_/item-list?page=2")
            #expect(second.hasPrefix("<section id=\"item-list\" data-component=\"item-list\" data-src=\"/items/_/item-list?page=2\">"))
            #expect(second.contains("<li>Item 3 (0 likes)</li><li>Item 4 (0 likes)</li></ul><nav data-more>"))
            let (_, last, _) = try await client.fetch("/items/_/item-list?page=3")
            #expect(last.contains("<ul data-items><li>Item 5 (0 likes)</li></ul></section>"))
            let (_, empty, _) = try await client.fetch("/items/_/item-list?page=9")
            #expect(empty.contains("<ul data-items><p class=\"empty-state\">No items.</p></ul>"))
        }
    }

    @Test("an unknown component id is a 404")
    func unknownComponentIs404() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            let (status, _, _) = try await client.fetch("/items/_/nope")
            #expect(status == .notFound)
        }
    }

    @Test("a plain form post runs the action and redirects back with 303")
    func actionRedirectsPlainPosts() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            let session = try await client.session(from: "/items")
            let response = try await client.post("/items/2/like", form: "_csrf=\(session.token)", cookie: session.cookie)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/items")
            let (_, page, _) = try await client.fetch("/items", headers: [.cookie: session.cookie])
            #expect(page.contains("<li>Item 2 (1 like)</li>"))
            #expect(page.contains("<p>Total: 1</p>"))
        }
        await AnalyticsWriter(site: site.site).flush()
        let events = try await AnalyticsRecorder(database: site.site.database).events()
        #expect(events.contains(AnalyticsEvent(kind: .action, name: "item-list.like", path: "/items/2/like", status: 200)))
    }

    @Test("a fragment request gets the updated fragment plus the tagged ones")
    func actionAnswersFragments() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            let session = try await client.session(from: "/items")
            let response = try await client.post("/items/1/like", form: "_csrf=\(session.token)", cookie: session.cookie, fragment: true)
            #expect(response.status == .ok)
            let body = String(buffer: response.body)
            #expect(body.hasPrefix("<section id=\"item-list\" data-component=\"item-list\" data-src=\"/items/_/item-list\"><ul data-items><li>Item 1 (1 like)</li>"))
            #expect(body.hasSuffix("<section id=\"like-total\" data-component=\"like-total\" data-src=\"/items/_/like-total\"><p>Total: 1</p></section>"))
        }
    }

    @Test("an action without a valid CSRF token is refused with 403 and changes nothing", arguments: ["", "_csrf=wrong", "_csrf="])
    func actionNeedsCSRFToken(_ form: String) async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            let session = try await client.session(from: "/items")
            let response = try await client.post("/items/1/like", form: form, cookie: session.cookie)
            #expect(response.status == .forbidden)
            let (_, page, _) = try await client.fetch("/items", headers: [.cookie: session.cookie])
            #expect(page.contains("<p>Total: 0</p>"))
        }
    }

    @Test("a query budget catches an N+1")
    func queryCountsArePerComponent() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [])
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let list = try await site.site.renderAlone(ItemListComponent(), id: "item-list", scope: .standalone(site: site.site))
        #expect(list.queryCount == 1)
        #expect(list.loadError == nil)

        let naive = try await site.site.renderAlone(
            ItemListComponent(loadsLikesOneByOne: true), id: "item-list", scope: .standalone(site: site.site))
        #expect(naive.queryCount == 4, "one list query plus one per row: the N+1 shows up")
        #expect(naive.html == list.html, "the same fragment, at four times the cost")

        let scope = RequestScope.standalone(site: site.site)
        _ = try await site.site.renderAlone(ItemListComponent(), id: "item-list", scope: scope)
        _ = try await site.site.renderAlone(ItemListComponent(loadsLikesOneByOne: true), id: "item-list", scope: scope)
        #expect(scope.database.counter.value == 5, "the request's counter adds up its components")
    }

    @Test("sibling components load concurrently")
    func siblingsLoadConcurrently() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [])
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let meeting = Rendezvous(expected: 3)
        let components = (1...3).map {
            PlacedComponent(component: RendezvousComponent(rendezvous: meeting), id: "part-\($0)", sceneURL: "/")
        }
        // Each load waits until all three have started: run one after another, they would time out.
        let loaded = try await ComponentLoader.load(components, RequestScope.standalone(site: site.site))
        #expect(loaded.allSatisfy { $0.model != nil })
        #expect(meeting.arrived == 3)
    }
}

/// Lets N tasks wait until all N have arrived; gives up (throws) after a deadline so a
/// sequential loader fails the test instead of hanging it.
final class Rendezvous: Sendable {
    struct TimedOut: Error {}
    let expected: Int
    private let count = Atomic<Int>(0)
    init(expected: Int) { self.expected = expected }
    var arrived: Int { count.load(ordering: .acquiring) }

    func arriveAndWait() async throws {
        count.add(1, ordering: .acquiringAndReleasing)
        let deadline = ContinuousClock.now + .seconds(5)
        while arrived < expected {
            if ContinuousClock.now > deadline { throw TimedOut() }
            await Task.yield()
        }
    }
}

/// A component whose load meets its siblings.
struct RendezvousComponent: Component {
    typealias Model = EmptyModel
    static var template: String? { "Components/LikeTotal" }
    let rendezvous: Rendezvous

    func load(_ scope: ComponentScope<Self>) async throws -> EmptyModel {
        try await rendezvous.arriveAndWait()
        return EmptyModel()
    }
}
