import Foundation
import HTTPTypes
import Hummingbird
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// Live pages: a stream follows a page's live components and brings each copy up to date when
/// a write commits, in this process or another, guarded and rendered per viewer as the
/// component's own URL is.
@Suite("Live streams")
struct LiveStreamTests {
    /// The live components of a page's body, without the layout's.
    static let inMain = "main [data-tessera-live-since]"

    // MARK: - Updates

    @Test("a comment posted through one process reaches a visitor's stream open on another, list and count")
    func commentReachesAnotherProcess() async throws {
        try await TestSite.onTwoProcesses { first, second in
            try await first.test(keepingFiles: true) { one in
                try await second.test { two in
                    try await second.withLiveHub {
                        // Signed in first: a probe gives up a minute after it opens, and a sign-in
                        // waits its turn at the process's one password lane, which every test shares.
                        let member = try await one.signIn()
                        let page = HTMLDocument(try await two.get("/blogs/1").text)
                        let live = page.select("[data-tessera-live-since]")
                        #expect(live.map(\.attributes["id"]) == ["comments", "blog-stats"])
                        let before = page.select("#comments li article.comment").count
                        let probe = LiveProbe(second.site, on: page)
                        defer { probe.close() }
                        #expect(try await one.post("/blogs/1/comments", [("text", "Seen live elsewhere")], as: member).status == .seeOther)
                        let updates = await probe.next(2, "update")
                        let byID = Dictionary(uniqueKeysWithValues: updates.compactMap { $0.element.map { ($0[attribute: "id"] ?? "", $0) } })
                        let comments = try #require(byID["comments"])
                        #expect(comments.select("li article.comment").count == before + 1)
                        #expect(comments.first("li article.comment")?.text.contains("Seen live elsewhere") == true)
                        #expect(byID["blog-stats"]?.first(".comment-count")?.text == "\(before + 1) comment" + (before == 0 ? "" : "s"))
                        let since = try #require(UInt64(live.first?[attribute: "data-tessera-live-since"] ?? ""))
                        #expect(updates.allSatisfy { (UInt64($0.id ?? "") ?? 0) > since })
                    }
                }
            }
        }
    }

    @Test("each viewer's stream carries their own copy: the liker sees the badge, another member and a visitor do not")
    func updatesArePerViewer() async throws {
        let site = try await TestSite()
        try await MessagingTestSupport.giveDemoPassword(to: "ada", in: site)
        try await site.test { client in
            try await site.withLiveHub {
                let liker = try await client.signIn()
                let other = try await client.signIn("ada")
                func stats(as session: TestSession?) async throws -> LiveProbe {
                    let page = HTMLDocument(try await client.get("/blogs/2", as: session).text)
                    return LiveProbe(site.site, on: page, "#blog-stats[data-tessera-live-since]", as: session)
                }
                let probes = [try await stats(as: liker), try await stats(as: other), try await stats(as: nil)]
                defer { probes.forEach { $0.close() } }
                #expect(try await client.post("/blogs/2/like", as: liker).status == .seeOther)
                var badges: [Bool] = []
                for probe in probes {
                    let update = try #require(await probe.next("update")?.element)
                    #expect(update.first(".like-count")?.text == "1 like")
                    badges.append(update.first(".badge") != nil)
                }
                #expect(badges == [true, false, false])
            }
        }
    }

    @Test("a write seen by twenty open pages renders the comments and the stats once in all, not once per page")
    func oneRenderPerWrite() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await site.withLiveHub {
                // Signed in before the probes open, as in the test above.
                let member = try await client.signIn()
                let page = HTMLDocument(try await client.get("/blogs/3").text)
                #expect(page.select("[data-tessera-live-since]").count == 2)
                let probes = (0..<20).map { _ in LiveProbe(site.site, on: page) }
                defer { probes.forEach { $0.close() } }
                let (before, rendersBefore) = (site.app.fragmentLookups, site.site.liveHub.renders)
                #expect(try await client.post("/blogs/3/comments", [("text", "Twenty pages")], as: member).status == .seeOther)
                for probe in probes {
                    let updates = await probe.next(2, "update")
                    #expect(updates.count == 2)
                }
                let after = site.app.fragmentLookups
                #expect(after.loaded - before.loaded <= 2, "loads: \(after.loaded - before.loaded)")
                // The twenty streams share one render of each (SharedRenders).
                #expect(site.site.liveHub.renders - rendersBefore == 2, "renders: \(site.site.liveHub.renders - rendersBefore)")
            }
        }
    }

    @Test("a write renders again only the components that read a table it changed, and sends only those whose bytes changed")
    func unchangedTablesRenderNothing() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await site.withLiveHub {
                let member = try await client.signIn()
                let page = HTMLDocument(try await client.get("/blogs/3").text)
                let posts = (0..<5).map { _ in LiveProbe(site.site, on: page) }
                // The page's own components (the layout's count of conversations awaiting a reply
                // is followed too in a browser: ``layoutCountFollowsMessages()``).
                let chat = LiveProbe(site.site, on: HTMLDocument(try await client.get("/messages/1", as: member).text), Self.inMain, as: member)
                defer { (posts + [chat]).forEach { $0.close() } }
                let hub = site.site.liveHub

                #expect(try await client.post("/blogs/3/comments", [("text", "Both change")], as: member).status == .seeOther)
                for probe in posts { #expect(await probe.next(2, "update").count == 2, "the comments and the stats") }
                // Until a stream has rendered a component once, it knows neither its tables nor the
                // page's copy: the first write renders and sends it.
                #expect(await chat.next("update") != nil)

                let beforeMessage = hub.renders
                try await site.site.database.write { db in
                    try await Message.insert(conversationID: 1, senderID: 2, kind: .text, body: "Hello", createdAt: TestSite.now, into: db)
                }
                #expect(await chat.next("update")?.element?.text.contains("Hello") == true)
                #expect(hub.renders - beforeMessage == 1, "a message renders the conversation, not the post's components")

                #expect(try await client.post("/blogs/3/like", as: member).status == .seeOther)
                for probe in posts {
                    let update = await probe.next("update")
                    #expect(update?.element?[attribute: "id"] == "blog-stats", "the comments' bytes did not change: not sent")
                }
            }
        }
    }

    @Test("what a tab's own action answered with is not sent again on its stream; another tab of the member gets it")
    func actingTabIsNotSentItsAnswer() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await site.withLiveHub {
                let member = try await client.signIn()
                let page = HTMLDocument(try await client.get("/blogs/3", as: member).text)
                let (acting, other) = (LiveProbe(site.site, on: page, Self.inMain, as: member), LiveProbe(site.site, on: page, Self.inMain, as: member))
                defer { [acting, other].forEach { $0.close() } }
                let stream = try #require(await acting.next("stream")?.data)
                let answer = try await client.post(
                    "/blogs/3/comments", [("text", "Answered in place")], as: member, fragment: true,
                    headers: [HTTPField.Name("X-Tessera-Target")!: "comment-form", LiveStream.streamHeader: stream])
                #expect(answer.status == .ok)
                #expect(answer.document.first("#comments li article.comment")?.text.contains("Answered in place") == true)
                #expect(await other.next(2, "update").count == 2, "the other tab gets the comments and the stats")

                #expect(try await client.post("/blogs/3/like", as: member).status == .seeOther)
                let next = await acting.next("update")
                #expect(next?.element?[attribute: "id"] == "blog-stats", "the like's stats, and no comments it already shows")
            }
        }
    }

    @Test("an open home page is told of a post as it is published, and its feed is left as it is")
    func homeAnnouncesNewPosts() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await site.withLiveHub {
                let home = HTMLDocument(try await client.get("/").text)
                #expect(home.select("[data-tessera-live-since]").compactMap { $0[attribute: "id"] } == ["new-posts"], "only the notice is live")
                let probe = LiveProbe(site.site, on: home)
                defer { probe.close() }
                #expect(await probe.next("stream") != nil)
                try await site.site.database.write { db in
                    try await Blog.insert(userID: 2, title: "Fresh", body: "Just written.", createdAt: TestSite.now, into: db)
                }
                let update = await probe.next("update")
                #expect(update?.element?[attribute: "id"] == "new-posts")
                #expect(update?.element?.first("p[aria-live=polite] a")?.text == "1 new post — show them")
            }
        }
    }

    @Test("an open conversation list moves a conversation to the top when a message arrives in it, marked as the member's turn")
    func conversationListFollowsMessages() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await site.withLiveHub {
                let member = try await client.signIn()
                let list = HTMLDocument(try await client.get("/messages", as: member).text)
                let probe = LiveProbe(site.site, on: list, Self.inMain, as: member)
                defer { probe.close() }
                #expect(await probe.next("stream") != nil)
                let last = try #require(list.select("#conversations li article").last?[attribute: "id"])
                let conversation = try #require(Int64(last.dropFirst("conversation-".count)))
                try await site.site.database.write { db in
                    let other = try await db.fetchValues(
                        Int64.self, "SELECT userID FROM participant WHERE conversationID = ? AND userID != 1", [conversation])
                    try await Message.insert(
                        conversationID: conversation, senderID: try #require(other.first), kind: .text, body: "Are you there?",
                        createdAt: TestSite.now, into: db)
                }
                let update = try #require(await probe.next("update")?.element)
                #expect(update[attribute: "id"] == "conversations")
                let top = try #require(update.first("li article"))
                #expect(top[attribute: "id"] == last, "the conversation written in comes first")
                #expect(top.first("h2 .badge")?.text == "Your turn")
                #expect(top.first("p")?.text == "Are you there?")
            }
        }
    }

    @Test("every open page of a member counts the conversations awaiting their reply, kept up to date; visitors have none")
    func layoutCountFollowsMessages() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await site.withLiveHub {
                let member = try await client.signIn()
                let page = HTMLDocument(try await client.get("/blogs/3", as: member).text)
                let count = try #require(page.first("header #awaiting-reply"), "the layout holds it, outside the scene's body")
                #expect(page.first("main #awaiting-reply") == nil)
                let before = try await MessageStore(database: site.site.database.counting(into: QueryCounter())).awaitingReply(of: 1)
                #expect(count.first("a")?.text == (before == 0 ? nil : DisplayText.count(before, "conversation awaits", "conversations await") + " your reply"))
                let probe = LiveProbe(site.site, on: page, "header [data-tessera-live-since]", as: member)
                defer { probe.close() }
                #expect(await probe.next("stream") != nil)
                // A new conversation whose only message is someone else's: one more awaits.
                try await site.site.database.write { db in
                    let conversation = try await Conversation.insert(title: "Hello", between: [1, 5], into: db)
                    try await Message.insert(conversationID: conversation, senderID: 5, kind: .text, body: "Hi!", createdAt: TestSite.now, into: db)
                }
                let update = try #require(await probe.next("update")?.element)
                #expect(update[attribute: "id"] == "awaiting-reply")
                #expect(update.first("a")?.text == DisplayText.count(before + 1, "conversation awaits", "conversations await") + " your reply")
                #expect(update.first("a")?[attribute: "href"] == "/messages")

                let visitorPage = HTMLDocument(try await client.get("/blogs/3").text)
                #expect(visitorPage.first("#awaiting-reply") == nil, "a visitor's layout holds no count")
                #expect(try await client.get("/blogs/3/_/awaiting-reply").status == .notFound)
                #expect(try await client.get("/messages/_/awaiting-reply").status == .forbidden, "guarded like the members-only page")
                let alone = try await client.get("/blogs/3/_/awaiting-reply", as: member, fragment: true)
                #expect(alone.status == .ok)
                #expect(alone.document.first("#awaiting-reply a")?.text == update.first("a")?.text, "its own URL answers what the page shows")
            }
        }
    }

    @Test("a reused live component says its request's generation, so a stream opened on it has nothing to catch up: in a member's page and a visitor's kept page")
    func reusedCopiesAreFreshAtTheirRequest() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await site.withLiveHub {
                let member = try await client.signIn()
                for viewer in [member, nil] {
                    let first = HTMLDocument(try await client.get("/blogs/1", as: viewer).text)
                    try await site.site.database.write { db in
                        try await Message.insert(conversationID: 1, senderID: 2, kind: .text, body: "Elsewhere", createdAt: TestSite.now, into: db)
                    }
                    let before = site.app.fragmentLookups
                    let again = HTMLDocument(try await client.get("/blogs/1", as: viewer).text)
                    let lookups = site.app.fragmentLookups
                    if viewer == nil {
                        #expect(lookups == before, "the visitor's page was kept whole: no component was looked up")
                    } else {
                        #expect(lookups.served > before.served, "the comments were reused")
                    }
                    let since = try #require(first.first("#comments")?[attribute: "data-tessera-live-since"].flatMap { UInt64($0) })
                    let now = try #require(again.first("#comments")?[attribute: "data-tessera-live-since"].flatMap { UInt64($0) })
                    #expect(now > since, "the copy is fresh as of the request that reused it")
                    let renders = site.site.liveHub.renders
                    let probe = LiveProbe(site.site, on: again, as: viewer)
                    defer { probe.close() }
                    #expect(await probe.next("stream") != nil)
                    #expect(site.site.liveHub.renders == renders, "nothing to send at open")
                }
            }
        }
    }

    @Test("a stream reopened with its last event's id catches up on a comment posted while it was closed")
    func reconnectionCatchesUp() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await site.withLiveHub {
                let page = HTMLDocument(try await client.get("/blogs/1").text)
                let comments = try #require(page.first("#comments[data-tessera-live-since]"))
                let url = try #require(comments[attribute: "data-src"])
                let seen = try #require(comments[attribute: "data-tessera-live-since"])
                let member = try await client.signIn()
                #expect(try await client.post("/blogs/1/comments", [("text", "While away")], as: member).status == .seeOther)
                let current = HTMLDocument(try await client.get("/blogs/1").text).first("#comments")?[attribute: "data-tessera-live-since"]
                let probe = LiveProbe(site.site, following: [url], since: current, lastEventID: seen)
                defer { probe.close() }
                let update = try #require(await probe.next("update"))
                #expect(update.element?.first("li article.comment")?.text.contains("While away") == true)
                #expect(update.id == current)
            }
        }
    }

    @Test("a stream's render is a fragment: the notice waiting for the viewer's next page stays for that page")
    func rendersLeaveNoticesAlone() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await site.withLiveHub {
                let session = try await client.signIn()
                let page = HTMLDocument(try await client.get("/blogs/1", as: session).text)
                let comments = try #require(page.first("#comments"))
                let probe = LiveProbe(
                    site.site, following: [comments[attribute: "data-src"] ?? ""], since: comments[attribute: "data-tessera-live-since"],
                    as: session)
                defer { probe.close() }
                // The edit leaves a notice for the member's next page; the comment changes what the stream follows.
                let saved = try await client.post("/blogs/1/edit", [("title", "Edited live"), ("body", "New text.")], as: session)
                #expect(saved.headers[.location] == "/blogs/1")
                #expect(try await client.post("/blogs/1/comments", [("text", "After the edit")], as: session).status == .seeOther)
                // The edit may send the list first (its page's title changed); the comment's copy follows.
                let update = try #require(await probe.next { $0.name == "update" && $0.data.contains("After the edit") })
                #expect(update.element?[attribute: "id"] == "comments")
                #expect(update.element?.select("li article.comment").contains { $0.text.contains("After the edit") } == true)
                #expect(!update.data.contains("<html") && !update.data.contains("tessera-notice"))
                let next = HTMLDocument(try await client.get("/blogs/1", as: session).text)
                #expect(next.first("[role=status]")?.text == "Your changes are published.")
            }
        }
    }

    // MARK: - Guards

    @Test("a component the viewer may no longer see, after signing out, is reported gone when its data changes, and nothing of the change is sent")
    func signedOutComponentIsGone() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await site.withLiveHub {
                let member = try await client.signIn()
                let page = HTMLDocument(try await client.get("/messages/1", as: member).text)
                let probe = LiveProbe(site.site, on: page, "[data-tessera-live-since]", as: member)
                defer { probe.close() }
                let url = try #require(page.first("[data-tessera-live-since]")?[attribute: "data-src"])
                #expect(try await client.post(DemoURLs.signOut, as: member).status == .seeOther)
                try await site.site.database.write { db in
                    try await Message.insert(
                        conversationID: 1, senderID: 2, kind: .text, body: "After you left", createdAt: TestSite.now, into: db)
                }
                let event = try #require(await probe.next(where: { $0.name == "gone" || $0.data.contains("After you left") }))
                #expect(event.name == "gone")
                #expect(event.data == url)
            }
        }
    }

    @Test("a stream asking for anything but the live components this site's pages place is refused with 400", arguments: [
        "", "?since=1", "?f=https://example.com/_/x", "?f=//example.com/_/x", "?f=/blogs/1", "?f=/blogs/1/_/comments&since=soon",
        "?f=/blogs/1/_/comments&other=1", "?f=%2Fblogs%2F1%2F_%2F%0Acomments", "?f=%zz",
        "?" + (0...LiveStream.maxFragments).map { "f=/blogs/\($0)/_/comments" }.joined(separator: "&"),
        // A stream inside the stream, a static file, a component that is not live, a route no scene has.
        "?f=" + URLQuery.escape("/_tessera/live?f=/blogs/1/_/comments"), "?f=/css/app.css", "?f=/_/feed", "?f=/blogs/1/_/nothing",
        "?f=/nowhere/_/comments", "?f=/blogs/1/_/comments&f=/_/feed",
        // Nine thousand values: refused at the thirty-third.
        "?" + (0..<9000).map { "f=/blogs/\($0)/_/comments" }.joined(separator: "&"),
    ])
    func refusesBadStreams(_ query: String) async throws {
        let site = try await TestSite()
        try await site.test { client in
            let response = try await client.get(LiveStream.path + query)
            #expect(response.status == .badRequest, "\(query)")
            let head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: LiveStream.path + query, headerFields: [:])
            let fault = #expect(throws: RequestError.self) {
                try LiveStream(
                    Request(head: head, body: RequestBody(buffer: ByteBuffer())), routes: site.site.liveHub.routes, remoteAddress: nil, sessionID: "",
                    clientAddressHeader: nil)
            }
            #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true, "\(query)")
            #expect(response.text == fault?.message, "the fault named, in plain text: \(query)")
        }
    }
}
