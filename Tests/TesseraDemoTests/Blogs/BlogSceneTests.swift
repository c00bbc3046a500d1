import Foundation
import HTTPTypes
import TesseraTesting
import Testing

@testable import TesseraDemo

/// The blog page as visitors, members, likers and authors see it, and its 404s.
@Suite("Blog page")
struct BlogSceneTests {
    @Test("visitors read the post with its like count and a sign-in link instead of a button")
    func anonymous() async throws {
        try await TestSite().test { client in
            let response = try await client.get("/blogs/4")
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<title>Quiet mornings #1 · Tessera Community</title>"))
            #expect(html.contains("<h1>Quiet mornings #1</h1>"))
            #expect(html.contains("<a href=\"/users/4\">Linus Pauling</a>"))
            #expect(html.contains("<a href=\"/signin?next=%2Fblogs%2F4\">Sign in to like</a>"))
            #expect(!html.contains("class=\"like-button"))
            #expect(!html.contains("Move to trash"))
            #expect(ContentFixtures.occurrences(of: "3 likes", in: html) == 1, "the count is shown once, by the stats")
            Snapshot.expectMatch(html, named: "blog-anonymous")
        }
    }

    @Test("a member who does not like the post sees a Like button posting to like")
    func signedIn() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let html = try await client.get("/blogs/2", as: session).text
            #expect(html.contains("action=\"/blogs/2/like\""))
            #expect(html.contains(">Like</button>"))
            #expect(ContentFixtures.occurrences(of: "0 likes", in: html) == 1)
            #expect(!html.contains("Sign in to like"))
            #expect(!html.contains("Move to trash"))
            Snapshot.expectMatch(html, named: "blog-signed-in")
        }
    }

    @Test("a member who likes the post sees an Unlike button posting to unlike")
    func liked() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let html = try await client.get("/blogs/4", as: session).text
            #expect(html.contains("action=\"/blogs/4/unlike\""))
            #expect(html.contains(">Unlike</button>"))
            #expect(html.contains("You like this"))
            Snapshot.expectMatch(html, named: "blog-liked")
        }
    }

    @Test("the author sees the Move to trash button")
    func author() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let html = try await client.get("/blogs/1", as: session).text
            #expect(html.contains("action=\"/blogs/1/trash\""))
            #expect(html.contains("Move to trash"))
            Snapshot.expectMatch(html, named: "blog-author")
        }
    }

    @Test("the body is split into paragraphs, each escaped")
    func paragraphs() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await ContentFixtures.execute(
                "UPDATE blog SET body = 'First <b>one</b>.' || char(10) || char(10) || 'Second.' WHERE id = 2", in: site)
            let html = try await client.get("/blogs/2").text
            #expect(html.contains("<p>First &lt;b&gt;one&lt;/b&gt;.</p>"))
            #expect(html.contains("<p>Second.</p>"))
        }
    }

    @Test("bad, unknown and trashed blog ids are 404 pages", arguments: ["abc", "-1", "0", "99999999999999999999", "999", "7", "13"])
    func notFound(_ id: String) async throws {
        try await TestSite().test { client in
            let page = try await client.get("/blogs/\(id)")
            #expect(page.status == .notFound)
            #expect(page.text.contains("<p class=\"error-status\">Error 404</p>"))
            let fragment = try await client.get("/blogs/\(id)/_/like-button")
            #expect(fragment.status == .notFound)
        }
    }

    @Test("each component can be fetched alone as a fragment")
    func fragments() async throws {
        try await TestSite().test { client in
            for id in ["blog-detail", "like-button", "blog-stats"] {
                let response = try await client.get("/blogs/4/_/\(id)")
                #expect(response.status == .ok)
                #expect(response.text.contains("id=\"\(id)\""))
                #expect(!response.text.contains("<html"))
            }
        }
    }
}
