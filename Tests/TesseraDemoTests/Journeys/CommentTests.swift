import Foundation
import HTTPTypes
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// Comments on a post: their own pages, a form, and the count elsewhere on the page.
@Suite("Comments")
struct CommentTests {
    @Test("a post lists its newest comments, a page at a time, with newer/older links and where you are")
    func pagination() async throws {
        try await TestSite().test { client in
            let first = try await client.get("/blogs/72").text
            #expect(ContentFixtures.occurrences(of: "class=\"comment\"", in: first) == 5)
            #expect(first.contains("7 comments"))
            #expect(first.contains("href=\"/blogs/72?page=2\""))
            let second = try await client.get("/blogs/72?page=2").text
            #expect(ContentFixtures.occurrences(of: "class=\"comment\"", in: second) == 2)
            #expect(second.contains("Newer comments"))
            #expect(second.contains("Page 2"))
            let both = try await client.get("/blogs/72?through=2").text
            #expect(ContentFixtures.occurrences(of: "class=\"comment\"", in: both) == 7)
            #expect(try await client.get("/blogs/72?through=99").status == .badRequest)
        }
    }

    @Test("posting a comment answers with the form, the list and the updated count in one response")
    func postFragment() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/blogs/71/comments", [("text", "A <b>bold</b> thought")], as: session, fragment: true)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.hasPrefix("<section id=\"comment-form\""))
            #expect(html.contains("<section id=\"comments\""))
            #expect(html.contains("<section id=\"blog-stats\""))
            #expect(html.contains("3 comments"))
            #expect(html.contains("A &lt;b&gt;bold&lt;/b&gt; thought"))
            let focus = try #require(response.headers[HTTPField.Name("X-Tessera-Focus")!])
            #expect(focus.hasPrefix("comment-"))
            #expect(response.select("#comments #\(focus)").first?.text.contains("A <b>bold</b> thought") == true, "focus names the new comment")
        }
    }

    @Test("without JavaScript a comment goes back to the post at the new comment")
    func postPlain() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let response = try await client.post("/blogs/71/comments", [("text", "Plain")], as: session)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location]?.hasPrefix("/blogs/71#comment-") == true)
        }
    }

    @Test("empty, too long, visitor and trashed-post comments change nothing")
    func refused() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let before = try await Journey.count("SELECT COUNT(*) FROM comment", in: site)
            #expect(try await client.post("/blogs/71/comments", [("text", "  ")], as: session).status == .badRequest)
            let long = String(repeating: "a", count: Comment.textField.maxScalars + 1)
            #expect(try await client.post("/blogs/71/comments", [("text", long)], as: session).status == .badRequest)
            let visitor = try await client.visit()
            #expect(try await client.post("/blogs/71/comments", [("text", "hi")], as: visitor).status == .forbidden)
            #expect(try await client.post("/blogs/7/comments", [("text", "hi")], as: session).status == .notFound)
            #expect(try await Journey.count("SELECT COUNT(*) FROM comment", in: site) == before)
        }
    }
}
