import Foundation
import HTTPTypes
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// The items page, as a scene that asks shared caches to keep it for a minute: it still holds a
/// visitor's form token, so Tessera must not let it be cached publicly or compressed.
final class PubliclyCachedItemsScene: ItemsScene {
    override class var path: String { "/cached-items" }
    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.headers[.cacheControl] = "public, max-age=60"
    }
}

/// Responses are private because of what rendering read (a form token, a member's session), not
/// because of what their `Cache-Control` happens to say.
@Suite("Private responses")
struct PrivateResponseTests {
    private static let longLayout =
        "<!DOCTYPE html><html><head><title>t</title></head><body>{{content}}<p>\(String(repeating: "padding ", count: 200))</p>"
        + "<form method=\"post\" action=\"/items\"><input type=\"hidden\" name=\"_csrf\" value=\"{{csrfToken}}\"></form></body></html>"

    @Test("a page with a form token that asks for public caching is sent private and uncompressed")
    func formTokenOverridesPublicCaching() async throws {
        let site = try await ReadPathSite(layout: Self.longLayout, scenes: [PubliclyCachedItemsScene.self])
        let page = try await site.test { client in
            try await client.send(method: .get, uri: "/cached-items", headers: [.acceptEncoding: "gzip"])
        }
        #expect(page.status == .ok)
        #expect(page.headers[.cacheControl] == "private")
        #expect(page.headers[.contentEncoding] == nil)
        #expect(String(buffer: page.body).contains("name=\"_csrf\""))
    }

    @Test("a member's page is uncompressed whatever it says, and the same page for a visitor without a token is gzipped")
    func memberPagesStayPlain() async throws {
        let site = try await ReadPathSite(layout: Self.longLayout)
        try await site.test { client in
            let (_, cookie) = try await site.member(1)
            let member = try await client.send(method: .get, uri: "/items", headers: [.acceptEncoding: "gzip", .cookie: cookie])
            #expect(member.status == .ok)
            #expect(member.headers[.contentEncoding] == nil)
            #expect(member.headers[.cacheControl] == "no-store")
        }
    }

    @Test("Cache-Control directives are read as directives: private or no-store kept, public or s-maxage replaced", arguments: [
        ("private, max-age=60", "private, max-age=60"), ("no-store", "no-store"), ("public, max-age=60", "private"),
        ("max-age=60", "private"), ("private, s-maxage=60", "private"), ("PRIVATE", "PRIVATE"),
        ("max-age=60, no-cache=\"private\"", "private"),
    ])
    func directives(_ pair: (String, String)) async throws {
        let site = try await ReadPathSite(layout: Self.longLayout, scenes: [HeaderEchoScene.self])
        let page = try await site.test { client in
            try await client.send(method: .get, uri: "/echo-cache?value=\(pair.0.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
        }
        #expect(page.headers[.cacheControl] == pair.1)
    }
}

/// The items page with the `Cache-Control` its query asks for.
final class HeaderEchoScene: ItemsScene {
    override class var path: String { "/echo-cache" }
    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.headers[.cacheControl] = scope.query["value"]
    }
}
