import Foundation
import HTTPTypes
import Tessera
import Testing
import TesseraTesting

@testable import TesseraDemo

/// Signing in and out.
@Suite("Sign in")
struct SignInSceneTests {
    @Test("the sign-in page renders its form with a CSRF token")
    func signInPage() async throws {
        try await TestSite().test { client in
            let response = try await client.send(method: .get, uri: "/signin")
            #expect(response.status == .ok)
            #expect(response.headers[.setCookie]?.contains("HttpOnly; SameSite=Lax") == true)
            Snapshot.expectMatch(response.text, named: "sign-in")
        }
    }

    @Test("a visitor's page without a form sets no cookie; the first page with one sets the nonce its token signs")
    func csrfCookieOnlyWithAForm() async throws {
        try await TestSite().test { client in
            for uri in ["/", "/users/1", "/blogs/1", "/photos"] {
                let page = try await client.get(uri)
                #expect(page.status == .ok)
                #expect(page.headers[.setCookie] == nil, "\(uri) has no form, so it needs no token")
            }
            let visitor = try await client.visit()  // /signin, which has a form
            #expect(visitor.cookie.hasPrefix("tessera_csrf=") && visitor.token.count == 64)
            let again = try await client.get("/signin", as: visitor)
            #expect(again.headers[.setCookie] == nil, "a visitor with a nonce keeps it")
            #expect(again.text.contains("value=\"\(visitor.token)\""))
            let signedIn = try await client.post("/signin", [("username", "demo"), ("password", "tessera-demo")], as: visitor)
            #expect(signedIn.status == .seeOther)
        }
    }

    @Test("the demo account signs in with a new session and lands on the home page")
    func signsIn() async throws {
        try await TestSite().test { client in
            let visitor = try await client.visit()
            let response = try await client.post("/signin", [("username", "demo"), ("password", "tessera-demo")], as: visitor)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/")
            let cookie = try #require(response.headers[.setCookie])
            #expect(!cookie.contains(visitor.cookie), "signing in issues a new session id")
            let page = try await client.get("/signin", as: TestSession(cookie: String(cookie.split(separator: ";")[0]), token: ""))
            #expect(page.text.contains(">Demo Writer</a>"))
        }
    }

    @Test("a wrong password re-renders the form with 400, the username kept and no session")
    func wrongPassword() async throws {
        try await TestSite().test { client in
            let visitor = try await client.visit()
            let response = try await client.post("/signin", [("username", "demo<b>"), ("password", "nope")], as: visitor)
            #expect(response.status == .badRequest)
            #expect(response.headers[.setCookie] == nil)
            Snapshot.expectMatch(response.text, named: "sign-in-error")
        }
    }

    @Test("signing in only follows same-site next addresses", arguments: [
        ("/photos", "/photos"), ("//evil.example", "/"), ("https://evil.example", "/"), ("/\\evil", "/"),
    ])
    func nextIsSameSite(_ pair: (String, String)) async throws {
        try await TestSite().test { client in
            let visitor = try await client.visit()
            let response = try await client.post(
                "/signin", [("username", "demo"), ("password", "tessera-demo"), ("next", pair.0)], as: visitor)
            #expect(response.headers[.location] == pair.1)
        }
    }

    @Test("signing out ends the session")
    func signsOut() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let response = try await client.post("/signin/signout", as: session)
            #expect(response.status == .seeOther)
            let old = try await client.get("/signin", as: session)
            #expect(!old.text.contains("Demo Writer"))
        }
    }

    @Test("signing out shows 'You are signed out.' once, on the next page, to that browser only (no JavaScript)")
    func signOutNotice() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let response = try await client.post("/signin/signout", as: session)
            #expect(response.status == .seeOther)
            let cookies = response.headers[values: .setCookie].map { String($0.split(separator: ";")[0]) }
            let notice = try #require(cookies.first { $0.hasPrefix("tessera_notice=") })
            let browser = TestSession(cookie: notice, token: "")
            let home = try await client.get("/", as: browser)
            #expect(home.select("#tessera-notice [data-tessera-notice] p").map(\.text) == ["You are signed out."])
            #expect(try await client.get("/", as: browser).select("[data-tessera-notice]").isEmpty, "shown once")
            let stranger = try await client.visit()
            #expect(try await client.get("/", as: stranger).select("[data-tessera-notice]").isEmpty)
        }
    }

    @Test("the session table holds no cookie's value: only hashes of session ids")
    func sessionsStoredAsHashes() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let id = try #require(session.cookie.split(separator: "=", maxSplits: 1).last.map(String.init))
            #expect(id.count == 64)
            let stored = try await site.site.database.read { db in
                try await db.fetchAll("SELECT * FROM tessera_sessions") { row in
                    try (0..<row.count).compactMap { try row.decode(TextColumn.self, at: $0).text }
                }.flatMap { $0 }
            }
            #expect(!stored.isEmpty)
            #expect(!stored.contains { $0.contains(id) }, "the cookie's value is not in the table")
        }
    }

    @Test("TestClient.submit sends what the form holds: the sign-in form signs in, the same form without its token is refused")
    func submitSendsWhatTheFormHolds() async throws {
        try await TestSite().test { client in
            let page = try await client.get("/signin")
            let fields = [("username", "demo"), ("password", "tessera-demo")]
            let cookie = TestClient.cookie(in: page)
            let forgotten = HTMLDocument(page.text.replacingOccurrences(of: "name=\"_csrf\"", with: "name=\"_gone\""))
            #expect(try await client.submit("form.form", in: forgotten, fields, cookie: cookie).status == .forbidden)
            #expect(try await client.submit("form.form", in: page.document, fields, cookie: cookie).status == .seeOther)
        }
    }
}
