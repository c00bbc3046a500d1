import Foundation
import HTTPTypes
import Hummingbird
import TesseraTesting
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Reading a page writes nothing: no session row for visitors (their forms are protected by a
/// signed double-submit token), no write for members, analytics only queued.
@Suite("No write on a read")
struct NoWriteOnReadTests {
    @Test("a visitor's GETs write no row: no session, analytics only queued")
    func visitorsWriteNothing() async throws {
        let site = try await ReadPathSite()
        try await site.test { client in
            let (status, _, headers) = try await client.fetch("/items")
            #expect(status == .ok)
            let csrfCookie = try #require(headers.setCookies.first { $0.hasPrefix("tessera_csrf=") })
            let cookie = String(csrfCookie.split(separator: ";")[0])
            for uri in ["/items", "/items?page=2", "/items/_/item-list"] {
                let (again, _, againHeaders) = try await client.fetch(uri, headers: [.cookie: cookie])
                #expect(again == .ok)
                #expect(againHeaders.setCookies.isEmpty, "a visitor with a nonce is not given another")
            }
            _ = try await client.fetch("/items", headers: [.cookie: "tessera_csrf=not-a-nonce"])
        }
        #expect(site.writes.value == 0)
        #expect(try await site.rows(in: "tessera_sessions") == 0)
        #expect(try await site.rows(in: "tessera_events") == 0)
        #expect(site.site.analytics.count == 5)
    }

    @Test("a visitor's form is accepted with the signed token of its cookie, and nothing else")
    func visitorsFormsAreProtected() async throws {
        let site = try await ReadPathSite()
        try await site.test { client in
            let visitor = try await client.session(from: "/items")
            let other = try await client.session(from: "/items")
            #expect(visitor.cookie.hasPrefix("tessera_csrf=") && visitor.token.count == 64 && visitor.token != other.token)
            let forged = try await client.post("/items/1/like", form: "_csrf=\(other.token)", cookie: visitor.cookie)
            #expect(forged.status == .forbidden)
            let missing = try await client.post("/items/1/like", form: "", cookie: visitor.cookie)
            #expect(missing.status == .forbidden)
            let nonceAsToken = try await client.post(
                "/items/1/like", form: "_csrf=\(visitor.cookie.dropFirst("tessera_csrf=".count))", cookie: visitor.cookie)
            #expect(nonceAsToken.status == .forbidden)
            let accepted = try await client.post("/items/1/like", form: "_csrf=\(visitor.token)", cookie: visitor.cookie)
            #expect(accepted.status == .seeOther)
        }
        #expect(site.writes.value == 1, "only the like itself")
        #expect(try await site.rows(in: "tessera_sessions") == 0)
    }

    @Test("a visitor's nonce is one the site issued: a planted value is ignored and its token refused")
    func plantedNonceIsIgnored() async throws {
        let site = try await ReadPathSite()
        try await site.test { client in
            let planted = String(repeating: "ab", count: 32)
            let (status, _, headers) = try await client.fetch("/items", headers: [.cookie: "tessera_csrf=\(planted)"])
            #expect(status == .ok)
            let issued = try #require(headers.setCookies.first { $0.hasPrefix("tessera_csrf=") }, "a new nonce replaces the planted one")
            #expect(!issued.hasPrefix("tessera_csrf=\(planted)"))
            let forged = try await client.post(
                "/items/1/like", form: "_csrf=\(site.site.csrfTokens.token(forNonce: planted))", cookie: "tessera_csrf=\(planted)")
            #expect(forged.status == .forbidden)
        }
        #expect(site.writes.value == 0)
    }

    @Test("pages with sessions say Vary: Cookie, for visitors and members")
    func pagesVaryByCookie() async throws {
        let site = try await ReadPathSite()
        let (_, member) = try await site.member(1)
        try await site.test { client in
            for cookie in [nil, member] {
                let (status, _, headers) = try await client.fetch("/items", headers: cookie.map { [.cookie: $0] } ?? [:])
                #expect(status == .ok)
                #expect(headers[values: .vary].contains { $0.lowercased().contains("cookie") }, "\(cookie ?? "visitor")")
            }
        }
    }

    @Test("a visitor's token survives a restart (the secret is stored once, in the database)")
    func tokensSurviveRestarts() async throws {
        let shared = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-restart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: shared) }
        let path = shared.appendingPathComponent("kept.sqlite").path
        let first = try await ReadPathSite(databasePath: path)
        let (cookie, token) = try await first.test { client in try await client.session(from: "/items") }
        let second = try await ReadPathSite(databasePath: path)
        let sameCookie = cookie
        let (status, body, _) = try await second.test { client in try await client.fetch("/items", headers: [.cookie: sameCookie]) }
        #expect(status == .ok)
        #expect(body.contains("csrf=\(token);"))
    }

    @Test("a member's pages read the session without writing, and every response says no-store")
    func membersReadWithoutWriting() async throws {
        let site = try await ReadPathSite()
        let (session, cookie) = try await site.member()
        let before = site.writes.value
        try await site.test { client in
            for uri in ["/items", "/items/_/item-list", "/items?page=abc", "/missing"] {
                let (_, body, headers) = try await client.fetch(uri, headers: [.cookie: cookie])
                #expect(headers[.cacheControl] == "no-store", "\(uri)")
                #expect(headers.setCookies.isEmpty)
                if uri == "/items" { #expect(body.contains("csrf=\(session.csrfToken);")) }
            }
            // The page shows the visitor's token: private to that visitor, but not no-store.
            let (_, _, visitorHeaders) = try await client.fetch("/items")
            #expect(visitorHeaders[.cacheControl] == "private")
        }
        #expect(site.writes.value == before)
    }

    @Test("a session cookie naming no live session is cleared, and the visitor gets a nonce")
    func staleSessionCookieIsCleared() async throws {
        let site = try await ReadPathSite()
        try await site.test { client in
            let (status, _, headers) = try await client.fetch("/items", headers: [.cookie: "tessera_session=" + String(repeating: "ab", count: 32)])
            #expect(status == .ok)
            #expect(headers.setCookies.contains { $0.hasPrefix("tessera_session=;") && $0.contains("Max-Age=0") })
            #expect(headers.setCookies.contains { $0.hasPrefix("tessera_csrf=") })
        }
        #expect(site.writes.value == 0)
    }

    @Test("HEAD answers every page and fragment with the GET's headers and no body")
    func headAnswersPages() async throws {
        let site = try await ReadPathSite()
        try await site.test { client in
            for uri in ["/items", "/items/_/item-list"] {
                let get = try await client.send(method: .get, uri: uri)
                let head = try await client.send(method: .head, uri: uri)
                #expect(head.status == .ok)
                #expect(head.body.readableBytes == 0)
                #expect(head.headers[.contentLength] == String(get.body.readableBytes))
                #expect(head.headers[.contentType] == "text/html; charset=utf-8")
            }
        }
    }
}
