import Foundation
import HTTPTypes
import NIOCore
import Hummingbird
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// A component holds child components (``ChildSlot``): each is placed by its parent's load,
/// loads with its siblings in one batch, renders in place, answers alone at its own URL, acts
/// alone, and keeps its own reuse inside a reused parent.
@Suite("Child components")
struct ChildComponentTests {
    static func site() async throws -> ReadPathSite {
        try await ReadPathSite(scenes: [ShelfScene.self], templates: ShelfScene.templates)
    }

    @Test("each child renders in place and answers alone at its own URL, byte for byte the same")
    func childrenAnswerAlone() async throws {
        let site = try await Self.site()
        let (_, cookie) = try await site.member(1)
        try await site.test { client in
            let page = try await client.send(method: .get, uri: "/shelf", headers: [.cookie: cookie])
            let ids = page.select("[data-component=star]").compactMap { $0[attribute: "id"] }
            #expect(ids == (1...5).map { "items-star-\($0)" })
            for id in ids {
                let alone = try await client.send(method: .get, uri: "/shelf/_/\(id)", headers: [.cookie: cookie])
                #expect(alone.status == .ok)
                #expect(alone.select("[data-component=star]").map { $0[attribute: "id"] } == [id])
                #expect(page.text.contains(alone.text), "\(id): the fragment alone is the page's copy")
            }
            let src = page.select("#items-star-3").first?[attribute: "data-src"]
            #expect(src == "/shelf/_/items-star-3")
        }
    }

    @Test("the children of one kind load in one batch after their parent, not one by one")
    func childrenLoadInOneBatch() async throws {
        let site = try await Self.site()
        let log = HookLog()
        try await HookLog.$current.withValue(log) {
            try await site.test { client in
                _ = try await client.get("/shelf")
                #expect(log.take() == ["items.load", "star.batch 5"])
                _ = try await client.get("/shelf/_/items-star-2")
                #expect(log.take() == ["star.load"], "alone, a child is found in its parent's kept fragment, fresh for this viewer")
                try await site.site.database.write { db in try await db.execute("UPDATE item SET title = title") }
                _ = try await client.get("/shelf/_/items-star-2")
                #expect(log.take() == ["items.load", "star.load"], "once the parent's reads changed, through its parent, loaded again")
            }
        }
    }

    @Test("a child acting in place loads its parent once, to be found, and not again to answer")
    func childActionLoadsItsParentOnce() async throws {
        let site = try await Self.site()
        let (session, cookie) = try await site.member(1)
        let log = HookLog()
        try await HookLog.$current.withValue(log) {
            try await site.test { client in
                let page = try await client.send(method: .get, uri: "/shelf", headers: [.cookie: cookie])
                let action = try #require(page.select("#items-star-2 form").first?[attribute: "action"])
                _ = log.take()
                let headers: HTTPFields = [
                    .contentType: "application/x-www-form-urlencoded", .cookie: cookie,
                    HTTPField.Name("X-Tessera-Fragment")!: "1", HTTPField.Name("X-Tessera-Target")!: "items-star-2",
                ]
                let answer = try await client.send(
                    method: .post, uri: action, headers: headers, body: ByteBuffer(string: "_csrf=\(session.csrfToken)&_component=items-star-2"))
                #expect(answer.status == .ok)
                #expect(answer.select("[data-component=star]").compactMap { $0[attribute: "id"] } == ["items-star-2"])
                #expect(answer.select("#items-star-2 button").first?.text == "★ 1", "the answer is read after the write")
                #expect(log.take() == ["items.load", "star.load"])
            }
        }
    }

    @Test("a child that does not exist is a 404", arguments: ["items-star-x", "items-moon-1", "items-star-99", "nothing-star-1"])
    func unknownChild(_ id: String) async throws {
        let site = try await Self.site()
        try await site.test { client in
            let status = try await client.get("/shelf/_/\(id)").status
            #expect(status == .notFound)
        }
    }

    @Test("a child its parent places for the owner alone answers no one else: not its fragment, not its action")
    func childrenFollowTheirParentsRules() async throws {
        let site = try await ReadPathSite(scenes: [LedgerScene.self], templates: LedgerScene.templates)
        let (_, owner) = try await site.member(1)
        let (otherSession, other) = try await site.member(2)
        try await site.test { client in
            let page = try await client.send(method: .get, uri: "/ledger", headers: [.cookie: owner])
            #expect(page.select("[data-component=ledger-note]").compactMap { $0[attribute: "id"] } == ["rows-note-1", "rows-note-2"])
            let othersPage = try await client.send(method: .get, uri: "/ledger", headers: [.cookie: other])
            #expect(othersPage.select("[data-component=ledger-note]").isEmpty)
            #expect(try await client.send(method: .get, uri: "/ledger/_/rows-note-1", headers: [.cookie: owner]).status == .ok)
            #expect(try await client.send(method: .get, uri: "/ledger/_/rows-note-1", headers: [.cookie: other]).status == .notFound)
            #expect(try await client.get("/ledger/_/rows-note-1").status == .notFound)
            let refused = try await client.post("/ledger/bump", form: "_csrf=\(otherSession.csrfToken)&_component=rows-note-1", cookie: other)
            #expect(refused.status == .notFound)
            #expect(try await site.site.database.read { db in try await db.fetchValue(Int.self, "SELECT likes FROM item WHERE id = 1") } == 0)
            let token = TestClient.csrfToken(in: page.text)
            let done = try await client.post("/ledger/bump", form: "_csrf=\(token)&_component=rows-note-1", cookie: owner)
            #expect(done.status == .seeOther)
            #expect(try await site.site.database.read { db in try await db.fetchValue(Int.self, "SELECT likes FROM item WHERE id = 1") } == 1)
        }
    }

    @Test("a child on a list's later page carries the page in its URLs, so its parent places it again")
    func pagedChildrenCarryTheirPage() async throws {
        let site = try await ReadPathSite(scenes: [LedgerScene.self], templates: LedgerScene.templates)
        let (_, owner) = try await site.member(1)
        try await site.test { client in
            let page = try await client.send(method: .get, uri: "/ledger?page=2", headers: [.cookie: owner])
            let note = try #require(page.select("#rows-note-3").first)
            #expect(note[attribute: "data-src"] == "/ledger/_/rows-note-3?page=2")
            #expect(page.select("#rows-note-3 form").first?[attribute: "action"] == "/ledger/bump?page=2&_component=rows-note-3")
            let alone = try await client.send(method: .get, uri: "/ledger/_/rows-note-3?page=2", headers: [.cookie: owner])
            #expect(alone.status == .ok)
            #expect(page.text.contains(alone.text), "the fragment alone is the page's copy")
            #expect(try await client.send(method: .get, uri: "/ledger/_/rows-note-3", headers: [.cookie: owner]).status == .notFound)
            let token = TestClient.csrfToken(in: page.text)
            let done = try await client.post("/ledger/bump?page=2", form: "_csrf=\(token)&_component=rows-note-3", cookie: owner, fragment: true)
            #expect(done.status == .ok)
            #expect(done.select("#rows-note-3 button").first?.text == "1 private")
        }
    }

    @Test("a child's action answers with that child alone, updated; a plain post goes back to the page")
    func childActsAlone() async throws {
        let site = try await Self.site()
        let (_, cookie) = try await site.member(1)
        try await site.test { client in
            let page = try await client.send(method: .get, uri: "/shelf", headers: [.cookie: cookie])
            let token = try #require(page.select("#items-star-2 input[name=_csrf]").first?[attribute: "value"])
            let response = try await client.post(
                "/shelf/star", form: "_csrf=\(token)&_component=items-star-2", cookie: cookie, fragment: true)
            #expect(response.status == .ok)
            #expect(response.select("[data-component]").compactMap { $0[attribute: "id"] } == ["items-star-2"])
            #expect(response.select("#items-star-2 button").first?.text == "★ 1")
            let plain = try await client.post("/shelf/star", form: "_csrf=\(token)&_component=items-star-4", cookie: cookie)
            #expect(plain.status == .seeOther)
            #expect(plain.headers[.location] == "/shelf")
            let after = try await client.send(method: .get, uri: "/shelf", headers: [.cookie: cookie])
            #expect(after.select("#items-star-4 button").first?.text == "★ 1")
            #expect(after.select("#items-star-2 button").first?.text == "★ 1")
        }
    }

    @Test("a reused parent is written with fresh children: each viewer sees their own")
    func reusedParentKeepsChildrenPerViewer() async throws {
        let site = try await Self.site()
        let (_, one) = try await site.member(1)
        let (_, two) = try await site.member(2)
        try await site.test { client in
            let first = try await client.send(method: .get, uri: "/shelf", headers: [.cookie: one])
            let second = try await client.send(method: .get, uri: "/shelf", headers: [.cookie: two])
            let visitor = try await client.get("/shelf")
            let stamps = [first, second, visitor].map { Self.stamp(in: $0.text) }
            #expect(stamps[0] != nil && Set(stamps).count == 1, "the parent was reused")
            #expect(first.select("#items-star-1").first?.text.contains("viewer=1;") == true)
            #expect(second.select("#items-star-1").first?.text.contains("viewer=2;") == true)
            #expect(visitor.select("#items-star-5").first?.text.contains("viewer=visitor;") == true)
            let tokens = [first, second].map { $0.select("#items-star-1 input[name=_csrf]").first?[attribute: "value"] }
            #expect(tokens[0] != nil && tokens[0] != tokens[1], "each child carries its viewer's token")
        }
    }

    @Test("a child's kind and actions are declared through its parent: mounted and checked at start-up")
    func childrenAreDeclared() {
        #expect(ShelfScene.componentTypes.map { String(describing: $0) } == ["ShelfItemsComponent", "StarComponent"])
        #expect(ShelfScene.links(to: StarComponent.star))
        let routes = ScenePlan(ShelfScene.self).routes.map { "\($0.method) \($0.path)" }
        #expect(routes.contains("POST /shelf/star"))
    }

    @Test("ten in-place actions in a row on a filtered, paged list leave every URL with exactly the app's query items")
    func actionsKeepTheListsPlace() async throws {
        let site = try await ReadPathSite(scenes: [LedgerScene.self], templates: LedgerScene.templates)
        let (_, owner) = try await site.member(1)
        try await site.test { client in
            let page = try await client.send(method: .get, uri: "/ledger?q=salsa&page=2", headers: [.cookie: owner])
            let expected = "/ledger/bump?q=salsa&page=2&_component=rows-note-3"
            var action = page.select("#rows-note-3 form").first?[attribute: "action"]
            #expect(action == expected)
            let token = TestClient.csrfToken(in: page.text)
            for round in 1...10 {
                let done = try await client.post(try #require(action), form: "_csrf=\(token)&_component=rows-note-3", cookie: owner, fragment: true)
                #expect(done.status == .ok)
                #expect(done.select("#rows-note-3 button").first?.text == "\(round) private")
                #expect(done.select("#rows-note-3").first?[attribute: "data-src"] == "/ledger/_/rows-note-3?q=salsa&page=2")
                action = done.select("#rows-note-3 form").first?[attribute: "action"]
                #expect(action == expected, "after action \(round)")
            }
        }
    }

    @Test("a child's plain post goes back to the list's page it was on, filter and page kept")
    func plainPostKeepsTheListsPlace() async throws {
        let site = try await ReadPathSite(scenes: [LedgerScene.self], templates: LedgerScene.templates)
        let (_, owner) = try await site.member(1)
        try await site.test { client in
            let page = try await client.send(method: .get, uri: "/ledger?q=salsa&page=2", headers: [.cookie: owner])
            let token = TestClient.csrfToken(in: page.text)
            let plain = try await client.post(
                "/ledger/bump?q=salsa&page=2&_component=rows-note-3",
                form: "_csrf=\(token)&_back=\(URLQuery.escape("/ledger?q=salsa&page=2"))", cookie: owner)
            #expect(plain.status == .seeOther)
            #expect(plain.headers[.location] == "/ledger?q=salsa&page=2")
            let back = try await client.send(method: .get, uri: "/ledger?q=salsa&page=2", headers: [.cookie: owner])
            #expect(back.select("#rows-note-3 button").first?.text == "1 private")
        }
    }

    // MARK: - Helpers

    static func stamp(in html: String) -> String? {
        html.components(separatedBy: "stamp=").dropFirst().first?.components(separatedBy: ";").first
    }
}
