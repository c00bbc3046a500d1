import Foundation
import HTTPTypes
import TesseraTesting
import Testing

@testable import TesseraDemo

/// Liking, unliking and trashing a post.
@Suite("Blog actions")
struct BlogActionTests {
    @Test("a plain like post is stored and answered with 303 back to the post")
    func likePlain() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/blogs/2/like", as: session)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/blogs/2")
            let blog2 = try await ContentFixtures.storedBlog(2, in: site)
            #expect(blog2?.likeCount == 1)
            let likes2 = try await ContentFixtures.likeRows(2, in: site)
            #expect(likes2 == 1)
            let page = try await client.get("/blogs/2", as: session).text
            #expect(ContentFixtures.occurrences(of: "1 like<", in: page) == 1, "the count is shown once")
            #expect(page.contains(">Unlike</button>"))
        }
    }

    @Test("a member who likes a post is told so on its page; the next member and a visitor are not")
    func likedBadgeIsTheLikersAlone() async throws {
        let site = try await TestSite()
        try await MessagingTestSupport.giveDemoPassword(to: "ada", in: site)
        try await site.test { client in
            let liker = try await client.signIn()
            let other = try await client.signIn("ada")
            _ = try await client.post("/blogs/2/like", as: liker)
            #expect(try await client.get("/blogs/2", as: liker).text.contains("You like this"))
            let seenByOther = try await client.get("/blogs/2", as: other).text
            #expect(!seenByOther.contains("You like this"))
            #expect(ContentFixtures.occurrences(of: "1 like<", in: seenByOther) == 1, "the count is everyone's")
            #expect(!(try await client.get("/blogs/2").text.contains("You like this")))
        }
    }

    @Test("a fragment like post answers with the like button and the stats, both updated")
    func likeFragment() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/blogs/2/like", as: session, fragment: true)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.hasPrefix("<div id=\"like-button\""))
            #expect(html.contains("<section id=\"blog-stats\""))
            #expect(!html.contains("<html") && !html.contains("blog-detail"))
            #expect(ContentFixtures.occurrences(of: "1 like<", in: html) == 1)
            #expect(html.contains("action=\"/blogs/2/unlike\""))
            #expect(html.contains(">Unlike</button>"))
            Snapshot.expectMatch(html, named: "like-fragment")
        }
    }

    @Test("liking twice counts once")
    func likeTwice() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            _ = try await client.post("/blogs/2/like", as: session)
            let second = try await client.post("/blogs/2/like", as: session, fragment: true)
            #expect(second.status == .ok)
            let blog2 = try await ContentFixtures.storedBlog(2, in: site)
            #expect(blog2?.likeCount == 1)
            let likes2 = try await ContentFixtures.likeRows(2, in: site)
            #expect(likes2 == 1)
        }
    }

    @Test("unliking takes the like back; unliking again or without a like changes nothing")
    func unlike() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let notLiked = try await client.post("/blogs/1/unlike", as: session)
            #expect(notLiked.status == .seeOther)
            let blog1 = try await ContentFixtures.storedBlog(1, in: site)
            #expect(blog1?.likeCount == 3)

            let response = try await client.post("/blogs/4/unlike", as: session, fragment: true)
            #expect(response.status == .ok)
            #expect(ContentFixtures.occurrences(of: "2 likes", in: response.text) == 1)
            #expect(response.text.contains(">Like</button>"))
            _ = try await client.post("/blogs/4/unlike", as: session)
            let blog4 = try await ContentFixtures.storedBlog(4, in: site)
            #expect(blog4?.likeCount == 2)
            let likes4 = try await ContentFixtures.likeRows(4, in: site)
            #expect(likes4 == 2)
        }
    }

    @Test("visitors cannot like (403) and nothing changes")
    func likeNeedsSignIn() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let visitor = try await client.visit()
            let response = try await client.post("/blogs/2/like", as: visitor)
            #expect(response.status == .forbidden)
            let likes2 = try await ContentFixtures.likeRows(2, in: site)
            #expect(likes2 == 0)
        }
    }

    @Test("liking a missing, trashed or badly numbered post is a 404", arguments: ["999", "7", "abc", "0"])
    func likeNotFound(_ id: String) async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/blogs/\(id)/like", as: session)
            #expect(response.status == .notFound)
            if id == "7" {
                let likes7 = try await ContentFixtures.likeRows(7, in: site)
                #expect(likes7 == 3, "the trashed post keeps its seeded likes")
            }
        }
    }

    @Test("the author moves the post to the trash and lands on their profile")
    func trashByAuthor() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/blogs/1/trash", as: session)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/users/1")
            let blog1 = try await ContentFixtures.storedBlog(1, in: site)
            #expect(blog1?.trashedAt == TestSite.now)
            let trashedPage = try await client.get("/blogs/1")
            #expect(trashedPage.status == .notFound)
            let feed = try await client.get("/_/feed?page=9").text
            #expect(!feed.contains("href=\"/blogs/1\""))
        }
    }

    @Test("someone else's post cannot be trashed: 404 and the post stays")
    func trashByOther() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/blogs/2/trash", as: session)
            #expect(response.status == .notFound)
            let blog2 = try await ContentFixtures.storedBlog(2, in: site)
            #expect(blog2?.trashedAt == nil)
        }
    }

    @Test("visitors cannot trash (403) and the post stays")
    func trashNeedsSignIn() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let visitor = try await client.visit()
            let response = try await client.post("/blogs/1/trash", as: visitor)
            #expect(response.status == .forbidden)
            let blog1 = try await ContentFixtures.storedBlog(1, in: site)
            #expect(blog1?.trashedAt == nil)
        }
    }

    @Test("a like without the CSRF token is refused and changes nothing")
    func likeNeedsToken() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/blogs/2/like", as: session, token: "wrong")
            #expect(response.status == .forbidden)
            let likes2 = try await ContentFixtures.likeRows(2, in: site)
            #expect(likes2 == 0)
        }
    }
}
