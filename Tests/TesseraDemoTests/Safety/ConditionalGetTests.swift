import HTTPTypes
import NIOCore
import TesseraTesting
import Testing

@testable import TesseraDemo

/// A page the browser already has comes back as `304 Not Modified`, headers only; a page that
/// changed comes back whole, under a new tag.
@Suite("Conditional GET of pages")
struct ConditionalGetTests {
    @Test("a page's tag is the same on every load and brings a 304 with no body", arguments: ["/users/1", "/", "/blogs/1", "/fortunes"])
    func unchangedPageIsNotModified(_ path: String) async throws {
        try await TestSite().test { client in
            let first = try await client.send(method: .get, uri: path)
            let again = try await client.send(method: .get, uri: path)
            let etag = try #require(first.headers[.eTag])
            #expect(etag.hasPrefix("W/\""))
            #expect(again.headers[.eTag] == etag)
            let revalidated = try await client.send(method: .get, uri: path, headers: [.ifNoneMatch: etag])
            #expect(revalidated.status == .notModified)
            #expect(revalidated.body.readableBytes == 0)
            #expect(revalidated.headers[.eTag] == etag)
            #expect(revalidated.headers[.contentType] == nil)
            // Pages with sessions vary by cookie too; /fortunes has none.
            let vary = path == "/fortunes" ? "Accept-Encoding" : "Cookie, Accept-Encoding"
            #expect(revalidated.headers[.vary] == vary, "the 304 keeps the 200's caching headers")
            #expect(revalidated.headers[.contentSecurityPolicy] != nil, "and its security headers")
        }
    }

    @Test("a form page (sign-in) revalidated with the tag it sent, by the browser that holds its token's cookie, is a 304")
    func formPageIsNotModifiedForItsBrowser() async throws {
        try await TestSite().test { client in
            let browser = try await client.visit("/signin")  // the nonce cookie the form's token is signed from
            let page = try await client.get("/signin", as: browser)
            let etag = try #require(page.headers[.eTag])
            var headers = browser.headers
            headers[.ifNoneMatch] = etag
            let revalidated = try await client.send(method: .get, uri: "/signin", headers: headers)
            #expect(revalidated.status == .notModified)
            #expect(revalidated.headers[.eTag] == etag)
            #expect(revalidated.headers[.setCookie] == nil, "the browser keeps the cookie its page's token came from")
        }
    }

    @Test("a page that changed comes back whole under a new tag")
    func changedPageIsSentAgain() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let before = try await client.send(method: .get, uri: "/blogs/2")
            let oldTag = try #require(before.headers[.eTag])
            let member = try await client.signIn()
            #expect(try await client.post("/blogs/2/like", as: member).status == .seeOther)
            let after = try await client.send(method: .get, uri: "/blogs/2", headers: [.ifNoneMatch: oldTag])
            #expect(after.status == .ok)
            #expect(String(buffer: after.body).contains("1 like<"))
            #expect(after.headers[.eTag] != nil && after.headers[.eTag] != oldTag)
        }
    }

    @Test("If-None-Match matches in a list, as *, with or without W/, and gzipped or not")
    func matchingForms() async throws {
        try await TestSite().test { client in
            let etag = try #require(try await client.send(method: .get, uri: "/users/1").headers[.eTag])
            let strong = String(etag.dropFirst(2))
            for header in ["\"other\", \(etag)", "*", strong, " \(strong) "] {
                let response = try await client.send(method: .get, uri: "/users/1", headers: [.ifNoneMatch: header])
                #expect(response.status == .notModified, "\(header)")
            }
            let zipped = try await client.send(method: .get, uri: "/users/1", headers: [.acceptEncoding: "gzip"])
            #expect(zipped.headers[.contentEncoding] == "gzip")
            #expect(zipped.headers[.eTag] == etag, "one weak tag for both encodings")
            let zippedAgain = try await client.send(
                method: .get, uri: "/users/1", headers: [.acceptEncoding: "gzip", .ifNoneMatch: etag])
            #expect(zippedAgain.status == .notModified)
            #expect(zippedAgain.headers[.contentEncoding] == nil)
            #expect(zippedAgain.body.readableBytes == 0)
        }
    }

    @Test("a tag that does not match, a HEAD, a POST and an error page behave as without the header")
    func otherRequests() async throws {
        try await TestSite().test { client in
            let etag = try #require(try await client.send(method: .get, uri: "/users/1").headers[.eTag])
            let other = try await client.send(method: .get, uri: "/users/1", headers: [.ifNoneMatch: "W/\"1-00000000\""])
            #expect(other.status == .ok && String(buffer: other.body).contains("<html"))
            let head = try await client.send(method: .head, uri: "/users/1", headers: [.ifNoneMatch: etag])
            #expect(head.status == .notModified)
            let missing = try await client.send(method: .get, uri: "/users/999999", headers: [.ifNoneMatch: "*"])
            #expect(missing.status == .notFound)
            #expect(missing.headers[.eTag] == nil)
            let member = try await client.signIn()
            let post = try await client.post("/blogs/2/like", as: member, headers: [.ifNoneMatch: "*"])
            #expect(post.status == .seeOther)
        }
    }
}
