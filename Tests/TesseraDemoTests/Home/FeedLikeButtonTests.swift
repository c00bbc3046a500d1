import Foundation
import HTTPTypes
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// Each post in the home feed and in a profile's list carries its like button as a child
/// component: it answers alone at its own URL (the page's copy, byte for byte), acts alone with
/// and without JavaScript, and the buttons of a list read the viewer's likes in one query.
@Suite("Like buttons as child components")
struct FeedLikeButtonTests {
    @Test("every like button of the feed and of a profile answers alone, byte for byte its copy in the page",
        arguments: [("/", "feed"), ("/users/2", "blog-list")])
    func buttonsAnswerAlone(_ page: String, _ list: String) async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let response = try await client.get(page, as: session)
            let buttons = response.select("#\(list) [data-component=like-button]")
            #expect(buttons.count >= 8)
            let prefix = page == "/" ? "" : page
            for button in buttons {
                let id = try #require(button[attribute: "id"])
                #expect(id.hasPrefix("\(list)-like-"))
                #expect(button[attribute: "data-src"] == "\(prefix)/_/\(id)")
                let alone = try await client.get("\(prefix)/_/\(id)", as: session)
                #expect(alone.status == .ok)
                #expect(alone.select("[data-component=like-button]").compactMap { $0[attribute: "id"] } == [id])
                #expect(response.text.contains(alone.text), "\(id): byte for byte the page's copy")
            }
        }
    }

    @Test("a like button for a missing post, or with a key that is not an id, is a 404 alone", arguments: ["/_/feed-like-9999", "/_/feed-like-x", "/users/2/_/blog-list-like-9999"])
    func missingButton(_ uri: String) async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let status = try await client.get(uri, as: session).status
            #expect(status == .notFound)
        }
    }

    @Test("liking from the feed answers with that button alone (script) or the page again (no script), and sticks")
    func likeFromTheFeed() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let page = try await client.get("/", as: session)
            let id = try #require(page.select("#feed [data-component=like-button]").compactMap { $0[attribute: "id"] }.first)
            #expect(page.select("#\(id) button").first?.text == "Like")
            let scripted = try await client.submit("#\(id) form", on: page, as: session, fragment: true)
            #expect(scripted.status == .ok)
            #expect(scripted.select("[data-component]").compactMap { $0[attribute: "id"] } == [id], "the button alone")
            #expect(scripted.select("#\(id) button").first?.text == "Unlike")
            let after = try await client.get("/", as: session)
            #expect(after.select("#\(id) button").first?.text == "Unlike")

            let plain = try await client.submit("#\(id) form", on: after, as: session)
            #expect(plain.status == .seeOther)
            #expect(plain.headers[.location] == "/")
            let back = try await client.get("/", as: session)
            #expect(back.select("#\(id) button").first?.text == "Like")
        }
    }

    @Test("a member's like buttons cost the feed one query however many posts it shows; a visitor's none")
    func oneQueryForTheButtons() async throws {
        let site = try await TestSite()
        try await site.test { _ in
            _ = try await site.site.renderAlone(FeedComponent(links: .demo), scope: .standalone(site: site.site, userID: 1))
            var member: [Int] = []
            var visitor: [Int] = []
            for size in [4, 8, 16] {
                let feed = FeedComponent(links: .demo, pageSize: size)
                let signedIn = try await site.site.renderAlone(feed, scope: .standalone(site: site.site, userID: 1))
                #expect(HTMLDocument(signedIn.html).select("[data-component=like-button] button").count == size)
                member.append(signedIn.queryCount)
                visitor.append(try await site.site.renderAlone(feed, scope: .standalone(site: site.site)).queryCount)
            }
            #expect(member == [3, 3, 3], "the feed's two queries, then one for all its buttons")
            #expect(visitor == [2, 2, 2], "a visitor likes nothing: no query for the buttons")
        }
    }

    @Test("the feed is reused for everyone while each viewer's buttons are their own")
    func reusedFeedFreshButtons() async throws {
        let site = try await TestSite(reusingFragments: true)
        try await MessagingTestSupport.giveDemoPassword(to: "ada", in: site)
        try await site.test { client in
            let demo = try await client.signIn()
            let ada = try await client.signIn("ada")
            let id = try #require(try await client.get("/", as: demo).select("#feed [data-component=like-button]").compactMap { $0[attribute: "id"] }.first)
            _ = try await client.post("/like", [("_component", id)], as: demo, fragment: true)
            let demoPage = try await client.get("/", as: demo)
            let adaPage = try await client.get("/", as: ada)
            let visitorPage = try await client.get("/")
            #expect(demoPage.select("#\(id) button").first?.text == "Unlike")
            #expect(adaPage.select("#\(id) button").first?.text == "Like")
            #expect(visitorPage.select("#\(id) a").first?.text == "Sign in to like")
        }
    }
}
