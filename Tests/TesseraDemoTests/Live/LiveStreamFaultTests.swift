import HTTPTypes
import Hummingbird
import Synchronization
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// Live pages when the server fails a render: a fault is not the viewer's loss of a component,
/// so the stream keeps following it and sends it at the next change, and meanwhile says no
/// newer generation than its copy, so a reconnecting browser asks for it again.
@Suite("Live streams through server faults")
struct LiveStreamFaultTests {
    @Test("a render the server fails leaves the component followed: the next change brings it, and no event claims more", arguments: [
        HTTPResponse.Status.internalServerError, .serviceUnavailable, .tooManyRequests,
    ])
    func faultKeepsFollowing(_ fault: HTTPResponse.Status) async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await site.withLiveHub {
                let member = try await client.signIn()
                let page = HTMLDocument(try await client.get("/blogs/1").text)
                let live = page.select("[data-tessera-live-since]")
                #expect(live.map(\.attributes["id"]) == ["comments", "blog-stats"])
                let since = try #require(live.first?[attribute: "data-tessera-live-since"])
                let before = page.select("#comments li article.comment").count
                let probe = LiveProbe(site.site, on: page)
                defer { probe.close() }
                #expect(await probe.next("stream") != nil)
                // Open: from now on the stream's renders meet the fault, once.
                let hub = site.site.liveHub
                let router = try #require(hub.attachedResponder)
                hub.attach(FailingRenders(router, answering: fault, times: 1))
                defer { hub.attach(router) }

                // The comments' render fails; the stats' goes out, as fresh as the page's copy.
                #expect(try await client.post("/blogs/1/comments", [("text", "Lost to a fault")], as: member).status == .seeOther)
                let first = try #require(await probe.next(where: { $0.name == "update" || $0.name == "gone" }))
                #expect(first.name == "update")
                #expect(first.element?[attribute: "id"] == "blog-stats")
                #expect(first.id == since, "an id no newer than the comments' copy")

                #expect(try await client.post("/blogs/1/comments", [("text", "After the fault")], as: member).status == .seeOther)
                var events: [LiveProbe.Event] = []
                while events.count < 2, let event = await probe.next(where: { $0.name == "update" || $0.name == "gone" }) {
                    events.append(event)
                }
                #expect(events.map(\.name) == ["update", "update"])
                let comments = try #require(events.compactMap(\.element).first { $0[attribute: "id"] == "comments" })
                #expect(comments.select("li article.comment").count == before + 2)
                #expect(comments.first("li article.comment")?.text.contains("After the fault") == true)
                #expect(events.allSatisfy { (UInt64($0.id ?? "") ?? 0) > (UInt64(since) ?? .max) })
            }
        }
    }

    @Test("a render that fails after another's update went out takes that update's newer id back")
    func laterFaultTakesTheIDBack() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await site.withLiveHub {
                let member = try await client.signIn()
                let page = HTMLDocument(try await client.get("/blogs/1").text)
                let since = try #require(page.first("[data-tessera-live-since]")?[attribute: "data-tessera-live-since"])
                let probe = LiveProbe(site.site, on: page)
                defer { probe.close() }
                #expect(await probe.next("stream") != nil)
                let hub = site.site.liveHub
                let router = try #require(hub.attachedResponder)
                hub.attach(FailingRenders(router, answering: .internalServerError, times: 1, after: 1))
                defer { hub.attach(router) }

                // The comments go out; the stats' render fails, and the id goes back to the page's.
                #expect(try await client.post("/blogs/1/comments", [("text", "Before the fault")], as: member).status == .seeOther)
                let update = try #require(await probe.next("update"))
                #expect(update.element?[attribute: "id"] == "comments")
                #expect((UInt64(update.id ?? "") ?? 0) > (UInt64(since) ?? .max))
                let takenBack = try #require(await probe.next(where: { $0.name.isEmpty || $0.name == "update" || $0.name == "gone" }))
                #expect(takenBack.name.isEmpty && takenBack.id == since, "an id alone, the stats' copy's")

                #expect(try await client.post("/blogs/1/comments", [("text", "After the fault")], as: member).status == .seeOther)
                var ids: Set<String> = []
                while ids.count < 2, let event = await probe.next("update") { ids.insert(event.element?[attribute: "id"] ?? "") }
                #expect(ids == ["comments", "blog-stats"])
            }
        }
    }
}

// MARK: - FailingRenders

/// The app's router, except that its next renders answer a fault instead (a database out of
/// reach for a moment, a server too busy): what a live stream's renders then meet.
final class FailingRenders: HTTPResponder, Sendable {
    typealias Context = TesseraRequestContext

    private let router: any HTTPResponder<TesseraRequestContext>
    private let fault: HTTPResponse.Status
    /// The answers still to pass before the faults, and the faults still to answer.
    private let left: Mutex<(passing: Int, failing: Int)>

    /// `router`, whose answers after the next `after` are `fault`, `times` times.
    init(_ router: any HTTPResponder<TesseraRequestContext>, answering fault: HTTPResponse.Status, times: Int, after: Int = 0) {
        self.router = router
        self.fault = fault
        left = Mutex((after, times))
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        let fails = left.withLock { left -> Bool in
            guard left.passing == 0 else {
                left.passing -= 1
                return false
            }
            defer { left.failing = max(0, left.failing - 1) }
            return left.failing > 0
        }
        return fails ? Response(status: fault) : try await router.respond(to: request, context: context)
    }
}
