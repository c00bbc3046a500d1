import Foundation
import HTTPTypes
import Tessera
import TesseraTesting
import Testing

@testable import TesseraDemo

/// Becoming a member: `GET/POST /signup`, signed in at once; the same field limits and
/// throttling as signing in.
@Suite("Sign up")
struct SignUpTests {
    private static let address = HTTPField.Name("X-Forwarded-For")!

    private func signUp(
        _ client: TestClient, _ visitor: TestSession, username: String, displayName: String = "Zoë Écrivain",
        password: String = "correct horse battery", next: String? = nil, address: String = "198.51.100.1"
    ) async throws -> TestResponse {
        var fields = [("username", username), ("displayName", displayName), ("password", password)]
        if let next { fields.append(("next", next)) }
        return try await client.post("/signup", fields, as: visitor, headers: [Self.address: address])
    }

    @Test("the sign-up page renders its form, linked from the sign-in page")
    func signUpPage() async throws {
        try await TestSite().test { client in
            let signIn = try await client.get("/signin?next=%2Fphotos")
            #expect(signIn.text.contains("<a href=\"/signup?next=%2Fphotos\">Create an account</a>"))
            let response = try await client.get("/signup")
            #expect(response.status == .ok)
            #expect(response.text.contains("<title>Create an account"))
            Snapshot.expectMatch(response.text, named: "sign-up")
        }
    }

    @Test("a new member is stored with a bcrypt hash, signed in with a new session and sent to their profile")
    func signsUpAndIn() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let visitor = try await client.visit()
            let response = try await signUp(client, visitor, username: "zoe")
            #expect(response.status == .seeOther)
            let location = try #require(response.headers[.location])
            #expect(location.wholeMatch(of: /\/users\/\d+/) != nil)
            let cookie = try #require(response.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            #expect(cookie != visitor.cookie)
            let profile = try await client.get(location, as: TestSession(cookie: cookie, token: ""))
            #expect(profile.status == .ok)
            #expect(profile.text.contains("Zoë Écrivain"))
            let again = try await client.visit()
            let signedIn = try await client.post("/signin", [("username", "zoe"), ("password", "correct horse battery")], as: again)
            #expect(signedIn.status == .seeOther, "the new member can sign in again")
        }
        let hash = try await site.site.database.read { db in
            try await db.fetchValue(String.self, "SELECT passwordHash FROM \"user\" WHERE username = 'zoe'")
        }
        #expect(hash?.hasPrefix("$2") == true)
    }

    @Test("a sign-up goes to a same-site next, never elsewhere", arguments: [("/photos", "/photos"), ("//evil.example", nil)])
    func followsNext(_ pair: (String, String?)) async throws {
        try await TestSite().test { client in
            let visitor = try await client.visit()
            let response = try await signUp(client, visitor, username: "zoe", next: pair.0)
            let location = try #require(response.headers[.location])
            if let expected = pair.1 { #expect(location == expected) } else { #expect(location.hasPrefix("/users/")) }
        }
    }

    @Test("refused sign-ups show the form again with 400, the typed values kept and nothing stored", arguments: [
        ("demo", "Someone already has this username."),
        ("DEMO", "Use lowercase letters a–z, digits and “-” (not first)."),
        ("zo", "Use at least 3 characters."),
        ("zoë", "Use lowercase letters a–z, digits and “-” (not first)."),
        ("-zoe", "Use lowercase letters a–z, digits and “-” (not first)."),
        (String(repeating: "z", count: 33), "Keep this to 32 characters or fewer (it has 33)."),
    ])
    func refusesBadUsernames(_ pair: (String, String)) async throws {
        let site = try await TestSite()
        try await site.test { client in
            let visitor = try await client.visit()
            let response = try await signUp(client, visitor, username: pair.0, displayName: "Zoë <b>")
            #expect(response.status == .badRequest)
            #expect(response.headers[.setCookie] == nil)
            #expect(response.text.contains(pair.1))
            #expect(response.text.contains("value=\"Zoë &lt;b&gt;\""))
            #expect(response.text.contains("aria-invalid=\"true\""))
        }
        let count = try await Journey.count("SELECT COUNT(*) FROM \"user\"", in: site)
        #expect(count == 6)
    }

    @Test("display names and passwords follow their limits", arguments: [
        ("", "correct horse battery", "Fill this in."),
        ("Zoë\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308}\u{309}\u{30A}\u{30B}\u{30C}\u{30D}\u{30E}\u{30F}", "correct horse battery", "accents or marks"),
        (String(repeating: "n", count: 61), "correct horse battery", "Keep this to 60 characters or fewer"),
        ("Zoë", "short", "Use at least 10 characters."),
        ("Zoë", String(repeating: "é", count: 37), "it takes 74 bytes and at most 72 fit"),
        ("Zoë", "zoe-the-member", "Choose a password that is not your username."),
    ])
    func refusesBadFields(_ triple: (String, String, String)) async throws {
        try await TestSite().test { client in
            let visitor = try await client.visit()
            let response = try await signUp(client, visitor, username: "zoe-the-member", displayName: triple.0, password: triple.1)
            #expect(response.status == .badRequest)
            #expect(response.text.contains(triple.2))
            let passwordInput = response.text.components(separatedBy: "<input id=\"sign-up-password\"").last?
                .components(separatedBy: ">").first ?? ""
            #expect(passwordInput.contains("type=\"password\"") && !passwordInput.contains("value="), "passwords are never echoed")
        }
    }

    @Test("sign-ups are throttled per address: the eleventh within an hour gets 429 with Retry-After")
    func throttledPerAddress() async throws {
        try await TestSite().test { client in
            for index in 0..<10 {  // a new visitor each time: a sign-up ends the visitor's session
                let response = try await signUp(
                    client, try await client.visit(), username: index.isMultiple(of: 2) ? "demo" : "member\(index)")
                #expect([303, 400].contains(response.status.code))
            }
            let visitor = try await client.visit()
            let refused = try await signUp(client, visitor, username: "member-late")
            #expect(refused.status == .tooManyRequests)
            #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 > 3000)
            #expect(refused.text.contains("Too many new accounts from your network. Try again in 60 minutes."))
            let elsewhere = try await signUp(client, visitor, username: "member-late", address: "198.51.100.2")
            #expect(elsewhere.status == .seeOther)
        }
    }
}
