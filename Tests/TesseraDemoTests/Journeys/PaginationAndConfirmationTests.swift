import Foundation
import HTTPTypes
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// Lists that say in their URL what they show, and the confirmation before deleting forever.
@Suite("Pagination and confirmation")
struct PaginationAndConfirmationTests {
    @Test("?through=2 shows the first two pages of the feed and of a profile, with one more Load more")
    func through() async throws {
        try await TestSite().test { client in
            let feed = try await client.get("/?through=2").text
            #expect(ContentFixtures.occurrences(of: "class=\"blog-cell\"", in: feed) == 16)
            #expect(feed.contains("href=\"/?page=3\""))
            #expect(feed.contains("data-tessera-history=\"/?through=3\""))
            #expect(!feed.contains("Newer posts"))
            let profile = try await client.get("/users/6?through=2").text
            #expect(ContentFixtures.occurrences(of: "class=\"blog-cell\"", in: profile) == 12)
            #expect(!profile.contains("Load more"))
        }
    }

    @Test("the feed's two queries stay two however many pages ?through= shows")
    func throughQueryBudget() async throws {
        let site = try await TestSite()
        try await site.test { _ in
            _ = try await site.site.renderAlone(FeedComponent(links: .demo), scope: .standalone(site: site.site, query: [("through", "3")]))
            let feed = try await site.site.renderAlone(
                FeedComponent(links: .demo), scope: .standalone(site: site.site, query: [("through", "3")]))
            #expect(feed.loadError == nil)
            #expect(feed.queryCount == 2)
        }
    }

    @Test("bad page values are 400s", arguments: ["/?through=0", "/?through=21", "/?through=x", "/users/2?through=-1", "/?page=10001"])
    func badValues(_ uri: String) async throws {
        try await TestSite().test { client in
            let status = try await client.get(uri).status
            #expect(status == .badRequest)
        }
    }

    @Test("deleting forever asks first; the question names the post, and Cancel keeps it")
    func confirmation() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let page = try await client.get("/trash/7/delete", as: session)
            #expect(page.status == .ok)
            #expect(page.text.contains("Delete this post forever?"))
            #expect(page.text.contains("action=\"/trash/7/delete\""))
            #expect(page.text.contains("href=\"/trash\""))
            #expect(try await ContentFixtures.storedBlog(7, in: site) != nil, "asking deletes nothing")
            #expect(try await client.get("/trash/1/delete", as: session).status == .notFound, "not in the trash")
            #expect(try await client.get("/trash/7/delete").status == .seeOther, "visitors sign in first")
            let deleted = try await client.post("/trash/7/delete", as: session)
            #expect(deleted.headers[.location] == "/trash")
            #expect(try await ContentFixtures.storedBlog(7, in: site) == nil)
            #expect(try await client.get("/trash", as: session).text.contains("The post was deleted forever."))
        }
    }
}
