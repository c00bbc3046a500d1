import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Hostile requests get a clear 4xx and change nothing: bodies over the limit, malformed
/// encodings, method-override tricks, GETs on action URLs.
@Suite("Request safety", .serialized)
struct RequestSafetyTests {
    private func total(_ site: FrameworkSite) async throws -> Int {
        try await site.site.database.read { db in try await db.fetchValue(Int.self, "SELECT SUM(likes) FROM item") ?? 0 }
    }

    @Test("a body over the action's limit is a 413 and changes nothing")
    func bodyOverLimitIs413() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            let session = try await client.session(from: "/items")
            let big = "_csrf=\(session.token)&pad=" + String(repeating: "a", count: 70 * 1024)
            let response = try await client.post("/items/1/like", form: big, cookie: session.cookie)
            #expect(response.status == .contentTooLarge)
            #expect(String(buffer: response.body).contains("<h1 id=\"error-title\">That is too large</h1>"))
        }
        #expect(try await total(site) == 0)
    }

    @Test("malformed percent-encoding is a 400", arguments: ["/items?page=%ZZ", "/items?page=%E0%A4", "/items?%", "/items/_/item-list?page=%"])
    func malformedEncodingIs400(_ uri: String) async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            let (status, body, _) = try await client.fetch(uri)
            #expect(status == .badRequest)
            #expect(body.contains("<h1 id=\"error-title\">That request could not be used</h1>"))
        }
    }

    @Test("a malformed form body is a 400 and changes nothing", arguments: ["_csrf=%ZZ", "a=%C3%28", "x=%"])
    func malformedFormIs400(_ form: String) async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            let session = try await client.session(from: "/items")
            let response = try await client.post("/items/1/like", form: form + "&_csrf=\(session.token)", cookie: session.cookie)
            #expect(response.status == .badRequest)
        }
        #expect(try await total(site) == 0)
    }

    @Test("a form of more fields than the cap is a 400 before any field is decoded; one at the cap is read")
    func tooManyFieldsIs400() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            let session = try await client.session(from: "/items")
            let fields = (1..<FormBody.maximumFields).map { "f\($0)=%ZZ" }.joined(separator: "&")
            let over = try await client.post("/items/1/like", form: "_csrf=\(session.token)&x=1&" + fields, cookie: session.cookie)
            #expect(over.status == .badRequest)
            #expect(over.select("section.error-page p").contains { $0.text.contains("more than 1000 fields") })
            let atCap = (1..<FormBody.maximumFields).map { "f\($0)=1" }.joined(separator: "&")
            let read = try await client.post("/items/1/like", form: "_csrf=\(session.token)&" + atCap, cookie: session.cookie)
            #expect(read.status == .seeOther)
        }
        #expect(try await total(site) == 1)
    }

    @Test("a form from another site is a 403 and changes nothing, whatever its token", arguments: [
        ["Origin": "https://evil.example"], ["Origin": "null"], ["Sec-Fetch-Site": "cross-site"],
        ["Sec-Fetch-Site": "cross-site", "Origin": "http://localhost"],
    ])
    func crossSiteIs403(_ extra: [String: String]) async throws {
        let (status, likes) = try await likeWithHeaders(extra)
        #expect(status == .forbidden)
        #expect(likes == 0)
    }

    @Test("a form from this site's own pages is accepted", arguments: [
        ["Origin": "http://localhost:8080"], ["Sec-Fetch-Site": "same-origin"], ["Sec-Fetch-Site": "same-site", "Origin": "http://a.localhost"],
        [:],
    ])
    func sameSiteIsAccepted(_ extra: [String: String]) async throws {
        let (status, likes) = try await likeWithHeaders(extra)
        #expect(status == .seeOther)
        #expect(likes == 1)
    }

    /// A visitor's like of item 1 with its right token and `extra` headers: the answer, and the
    /// likes stored after it.
    private func likeWithHeaders(_ extra: [String: String]) async throws -> (HTTPResponse.Status, Int) {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        let status = try await site.test { client in
            let session = try await client.session(from: "/items")
            var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: session.cookie]
            for (name, value) in extra { headers[HTTPField.Name(name)!] = value }
            return try await client.send(
                method: .post, uri: "/items/1/like", headers: headers, body: ByteBuffer(string: "_csrf=\(session.token)")
            ).status
        }
        return (status, try await total(site))
    }

    @Test("bad ids in action URLs are 404 pages, never 500", arguments: ["abc", "-1", "0", "99999999999999999999", "1e3", "%31", "9999"])
    func badActionIdsAre404(_ id: String) async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            let session = try await client.session(from: "/items")
            let response = try await client.post("/items/\(id)/like", form: "_csrf=\(session.token)", cookie: session.cookie)
            #expect(response.status == .notFound || (id == "%31" && response.status == .seeOther))
        }
        #expect(try await total(site) <= 1)
    }

    @Test("GET never runs an action, whatever the method-override tricks")
    func getNeverChangesData() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            let session = try await client.session(from: "/items")
            let tricks: [(String, HTTPFields)] = [
                ("/items/1/like", [.cookie: session.cookie]),
                ("/items/1/like?_method=POST&_csrf=\(session.token)", [.cookie: session.cookie]),
                ("/items/1/like", [.cookie: session.cookie, HTTPField.Name("X-HTTP-Method-Override")!: "POST"]),
                ("/items/1/like", [.cookie: session.cookie, HTTPField.Name("X-Method-Override")!: "POST"]),
            ]
            for (uri, headers) in tricks {
                let response = try await client.send(method: .get, uri: uri, headers: headers)
                #expect(response.status == .notFound || response.status == .methodNotAllowed)
            }
            let head = try await client.send(method: .head, uri: "/items/1/like", headers: [.cookie: session.cookie])
            #expect(head.status.code >= 400)
        }
        #expect(try await total(site) == 0)
    }

    @Test("a POST with an unsupported content type is a 415 and changes nothing")
    func unsupportedContentType() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            let session = try await client.session(from: "/items")
            let response = try await client.send(
                method: .post, uri: "/items/1/like", headers: [.cookie: session.cookie, .contentType: "application/json"],
                body: ByteBuffer(string: "{\"_csrf\":\"\(session.token)\"}"))
            #expect(response.status == .unsupportedMediaType)
        }
        #expect(try await total(site) == 0)
    }

    @Test("every response carries the security headers")
    func securityHeaders() async throws {
        let site = try await FrameworkSite(templates: FixtureTemplates.all, scenes: [ItemsScene.self])
        try await site.test { client in
            for uri in ["/items", "/missing", "/items?page=abc"] {
                let (_, _, headers) = try await client.fetch(uri)
                let policy = try #require(headers[.contentSecurityPolicy])
                #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"))
                #expect(policy.contains("frame-ancestors 'self'"))
                #expect(headers[.xContentTypeOptions] == "nosniff")
                #expect(headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
            }
            let (_, _, first) = try await client.fetch("/items")
            let cookie = try #require(first[.setCookie])
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
        }
    }
}
