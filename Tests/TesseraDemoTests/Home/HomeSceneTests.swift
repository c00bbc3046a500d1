import Foundation
import HTTPTypes
import Testing
import TesseraTesting

@testable import TesseraDemo

/// The home page: the mixed feed, its pagination, and the signed-in member's priorities.
@Suite("Home")
struct HomeSceneTests {
    static let blogCell = "<article class=\"blog-cell\">"
    static let photoCell = "<figure class=\"photo-cell\">"

    @Test("visitors see the newest eight posts, a photo strip, a photo after every four posts, and load more")
    func anonymousHome() async throws {
        try await TestSite().test { client in
            let response = try await client.get("/")
            #expect(response.status == .ok)
            let html = response.text
            #expect(ContentFixtures.occurrences(of: Self.blogCell, in: html) == 8)
            #expect(ContentFixtures.occurrences(of: "<div class=\"strip\" role=\"region\" aria-labelledby=\"photo-strip-title\" tabindex=\"0\">", in: html) == 1)
            #expect(ContentFixtures.occurrences(of: Self.photoCell, in: html) == 6 + 2)
            #expect(html.contains("href=\"/blogs/72\""), "the newest post comes first")
            #expect(!html.contains("href=\"/blogs/64\""), "the ninth newest is on page 2")
            #expect(html.contains("href=\"/?page=2\" data-tessera-fragment=\"/_/feed?page=2\" data-tessera-append"))
            #expect(html.contains("Join in"))
            #expect(!html.contains("Your priorities"))
            Snapshot.expectMatch(html, named: "home-anonymous")
        }
    }

    @Test("a post published after the home page was shown is announced above the feed; trashed posts, later pages and searches are not")
    func newPostsNotice() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let home = try await client.get("/")
            #expect(home.select("#new-posts[data-tessera-live-since] p[aria-live=polite]").count == 1)
            #expect(home.select("#new-posts a").isEmpty, "nothing new yet")
            let url = try #require(home.document.first("#new-posts")?[attribute: "data-src"])
            #expect(url == "/_/new-posts?after=72", "the newest post the page showed")
            try await site.site.database.write { db in
                try await Blog.insert(userID: 2, title: "Fresh", body: "Just written.", createdAt: TestSite.now, into: db)
                try await Blog.insert(userID: 2, title: "Binned", body: "Gone.", createdAt: TestSite.now, trashedAt: TestSite.now, into: db)
            }
            let notice = try await client.get(url, fragment: true)
            let link = try #require(notice.document.first("#new-posts p[aria-live=polite] a"))
            #expect(link.text == "1 new post — show them")
            #expect(link[attribute: "href"] == "/")
            #expect(try await client.get("/").document.first("#new-posts")?[attribute: "data-src"] == "/_/new-posts?after=73")
            for page in ["/?page=2", "/?q=tools"] {
                #expect(try await client.get(page).select("#new-posts").isEmpty, "\(page)")
            }
        }
    }

    @Test("the feed's items sit inside the data-items element that load more appends to")
    func itemsInsideDataItems() async throws {
        try await TestSite().test { client in
            let html = try await client.get("/").text
            let items = try #require(html.range(of: "data-items>"))
            let firstCell = try #require(html.range(of: Self.blogCell))
            let sectionEnd = try #require(html.range(of: "<footer class=\"section-footer\">"))
            #expect(items.upperBound <= firstCell.lowerBound && firstCell.upperBound <= sectionEnd.lowerBound)
        }
    }

    @Test("a signed-in member also sees only their current priorities")
    func signedInHome() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let page = try await client.get("/", as: session)
            #expect(page.status == .ok)
            // The priorities are lazy: the page holds a placeholder linking to their fragment.
            #expect(page.select("#priorities[data-tessera-lazy] a").first?.attributes["href"] == "/_/priorities")
            #expect(!page.text.contains("Write every week"))
            #expect(!page.text.contains("Join in"))
            Snapshot.expectMatch(page.text, named: "home-signed-in")
            let response = try await client.get("/_/priorities", as: session, fragment: true)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("Your priorities"))
            #expect(html.contains("Write every week"))
            #expect(!html.contains("Plan the trip"), "starts after now")
            #expect(!html.contains("Finish the guide"), "ended before now")
        }
    }

    @Test("the lazy priorities' link, followed without JavaScript, is a whole page holding them alone")
    func lazyPrioritiesLinkIsAPage() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let response = try await client.get("/_/priorities", as: session)
            #expect(response.status == .ok)
            #expect(response.select("title").first?.text.hasPrefix("Home") == true)
            #expect(response.select("main #priorities").count == 1)
            #expect(response.text.contains("Write every week"))
            #expect(response.select("#feed").isEmpty, "the page holds the priorities alone")
        }
    }

    @Test("a member with no current priorities sees the empty state")
    func noPriorities() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await ContentFixtures.execute("DELETE FROM priority", in: site)
            let session = try await client.signIn()
            let response = try await client.get("/_/priorities", as: session, fragment: true)
            #expect(response.status == .ok)
            #expect(response.text.contains("<p class=\"empty-state\">Nothing in focus right now.</p>"))
            #expect(!response.text.contains("priority-list"))
            Snapshot.expectMatch(response.text, named: "priorities-empty")
        }
    }

    @Test("visitors have no priorities fragment")
    func prioritiesNeedSignIn() async throws {
        try await TestSite().test { client in
            let response = try await client.get("/_/priorities")
            #expect(response.status == .notFound)
        }
    }

    @Test("the feed fragment for page 2 holds the next eight posts, no strip, and the next link")
    func pageTwoFragment() async throws {
        try await TestSite().test { client in
            let response = try await client.get("/_/feed?page=2")
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.hasPrefix("<section id=\"feed\" data-component=\"feed\" data-src=\"/_/feed?page=2\">"))
            #expect(!html.contains("<html"))
            #expect(ContentFixtures.occurrences(of: Self.blogCell, in: html) == 8)
            #expect(ContentFixtures.occurrences(of: Self.photoCell, in: html) == 2)
            #expect(!html.contains("class=\"strip\""))
            #expect(html.contains("href=\"/blogs/64\""))
            #expect(html.contains("href=\"/?page=3\""))
            Snapshot.expectMatch(html, named: "home-page-2-fragment")
        }
    }

    @Test("a search keeps to the posts whose title holds it, on every page and in every link")
    func searchSurvivesPaging() async throws {
        try await TestSite().test { client in
            let first = try await client.get("/?q=%231")
            #expect(first.status == .ok)
            #expect(first.select("#feed-search").first?[attribute: "value"] == "#1")
            let titles = first.select("#feed article h3").map(\.text)
            #expect(titles.count == 8 && titles.allSatisfy { $0.hasSuffix("#1") }, "\(titles)")
            #expect(first.select("#feed figure.photo-cell").isEmpty && first.select("#feed .strip").isEmpty, "a search shows posts alone")
            let more = try #require(first.select("#feed nav[data-more] a").first)
            #expect(more[attribute: "href"] == "/?q=%231&page=2")
            #expect(more[attribute: "data-tessera-fragment"] == "/_/feed?q=%231&page=2")
            #expect(more[attribute: "data-tessera-history"] == "/?q=%231&through=2")
            let like = try #require(first.select("#feed [data-component=like-button]").first)
            #expect(like[attribute: "data-src"]?.contains("?q=%231") == true, "a like button's URLs carry the search its feed places it under")
            let second = try await client.get("/_/feed?q=%231&page=2")
            let rest = second.select("#feed article h3").map(\.text)
            #expect(rest.count == 3 && rest.allSatisfy { $0.hasSuffix("#1") }, "the twelve #1 posts but one in the trash: \(rest)")
            #expect(second.select("#feed nav[data-more]").isEmpty)
            let none = try await client.get("/?q=nothing%20like%20this")
            #expect(none.select("#feed .empty-state").first?.text.contains("nothing like this") == true)
            #expect(try await client.get("/?q=" + String(repeating: "x", count: 101)).status == .badRequest)
        }
    }

    @Test("page 2 also works as a whole page, without JavaScript")
    func pageTwoPage() async throws {
        try await TestSite().test { client in
            let response = try await client.get("/?page=2")
            #expect(response.status == .ok)
            #expect(response.text.contains("<span>Page 2</span>"))
            #expect(response.text.contains("<a href=\"/\" rel=\"prev\">Newer posts</a>"))
            #expect(response.text.contains("href=\"/blogs/64\""))
            #expect(!response.text.contains("href=\"/blogs/72\""))
        }
    }

    @Test("the last page shows the remaining six posts, skips trashed ones, and has no load more")
    func lastPage() async throws {
        try await TestSite().test { client in
            let response = try await client.get("/_/feed?page=9")
            #expect(response.status == .ok)
            let html = response.text
            #expect(ContentFixtures.occurrences(of: Self.blogCell, in: html) == 6)
            #expect(html.contains("href=\"/blogs/1\""))
            #expect(!html.contains("href=\"/blogs/7\"") && !html.contains("href=\"/blogs/13\""))
            #expect(!html.contains("data-more"))
            Snapshot.expectMatch(html, named: "feed-last-page")
        }
    }

    @Test("a page past the end says there are no more posts")
    func pastTheEnd() async throws {
        try await TestSite().test { client in
            let response = try await client.get("/?page=10")
            #expect(response.status == .ok)
            #expect(response.text.contains("No more posts."))
            #expect(!response.text.contains(Self.blogCell))
        }
    }

    @Test("a bad page number is a 400", arguments: ["abc", "0", "-1", "10001", "99999999999999999999"])
    func badPage(_ page: String) async throws {
        try await TestSite().test { client in
            let pageResponse = try await client.get("/?page=\(page)")
            let fragmentResponse = try await client.get("/_/feed?page=\(page)")
            #expect(pageResponse.status == .badRequest)
            #expect(fragmentResponse.status == .badRequest)
        }
    }

    @Test("with no posts the feed shows its empty state and no photos or load more")
    func emptyFeed() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await ContentFixtures.execute("DELETE FROM blog", in: site)
            let response = try await client.get("/")
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("No posts yet."))
            #expect(!html.contains(Self.blogCell))
            #expect(!html.contains(Self.photoCell))
            #expect(!html.contains("data-more"))
            Snapshot.expectMatch(html, named: "home-empty")
        }
    }
}
