import Foundation
import HTTPTypes
import TesseraTesting
import Testing

@testable import TesseraDemo

/// `GET` and `POST /settings/security/password`.
@Suite("Change password")
struct PasswordSceneTests {
    static let path = "/settings/security/password"
    static let current = "tessera-demo"

    @Test("the form has three empty password fields with labels and a CSRF token")
    func form() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let response = try await client.get(Self.path, as: session)
            #expect(response.status == .ok)
            #expect(response.text.contains("<label for=\"password-current\">"))
            #expect(response.text.contains("name=\"_csrf\""))
            #expect(!response.text.contains("Your password was changed."))
            Snapshot.expectMatch(response.text, named: "password")
        }
    }

    @Test("a visitor is sent to sign in for the page and gets 403 for a post")
    func signedOut() async throws {
        try await TestSite().test { client in
            let visitor = try await client.visit()
            let page = try await client.get(Self.path, as: visitor)
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/signin?next=%2Fsettings%2Fsecurity%2Fpassword")
            #expect(!page.text.contains("password-current"))
            let post = try await client.post(
                Self.path, [("current", Self.current), ("new", "a-new-password"), ("confirm", "a-new-password")], as: visitor)
            #expect(post.status == .forbidden)
            _ = try await client.signIn()  // the old password still works
        }
    }

    @Test("a change stores the new password, shows the notice and ends the other sessions only")
    func changesPassword() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let other = try await client.signIn()
            let new = "correct horse battery"
            let response = try await client.post(Self.path, [("current", Self.current), ("new", new), ("confirm", new)], as: session)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == Self.path)

            let notice = try await client.get(Self.path, as: session)
            #expect(notice.text.contains("<p>Your password was changed.</p>"))
            let again = try await client.get(Self.path, as: session)
            #expect(!again.text.contains("Your password was changed."), "the notice shows once")
            #expect(notice.text.contains(">Demo Writer</a>"), "the session that changed it stays signed in")
            Snapshot.expectMatch(notice.text, named: "password-changed")

            let elsewhere = try await client.get(Self.path, as: other)
            #expect(!elsewhere.text.contains("Demo Writer"), "other sessions are signed out")

            _ = try await client.signIn("demo", password: new)
            let visitor = try await client.visit()
            let old = try await client.post("/signin", [("username", "demo"), ("password", Self.current)], as: visitor)
            #expect(old.status == .badRequest)
        }
    }

    @Test("a fragment post is told to go to the notice")
    func changesPasswordFragment() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let new = "another-long-one"
            let response = try await client.post(
                Self.path, [("current", Self.current), ("new", new), ("confirm", new)], as: session, fragment: true)
            #expect(response.status == .ok)
            #expect(response.headers[HTTPField.Name("X-Tessera-Redirect")!] == Self.path)
        }
    }

    /// The whole tag of `html` that starts with `prefix`.
    static func tag(startingWith prefix: String, in html: String) -> String? {
        guard let start = html.range(of: prefix) else { return nil }
        return html[start.lowerBound...].split(separator: ">", maxSplits: 1).first.map { String($0) + ">" }
    }

    /// A refused change: the fields sent, the field in error and its message.
    struct Refusal: Sendable, CustomStringConvertible {
        let name: String
        let fields: [String: String]
        let field: String
        let message: String
        var description: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(
            name: "password-too-short", fields: ["current": current, "new": "short-pw", "confirm": "short-pw"],
            field: "password-new", message: "Use at least 10 characters."),
        Refusal(
            name: "password-same-as-current", fields: ["current": current, "new": current, "confirm": current],
            field: "password-new", message: "Choose a password different from your current one."),
        Refusal(
            name: "password-confirm-mismatch", fields: ["current": current, "new": "long-enough-1", "confirm": "long-enough-2"],
            field: "password-confirm", message: "This does not match the new password."),
        Refusal(
            name: "password-current-missing", fields: ["current": "", "new": "long-enough-1", "confirm": "long-enough-1"],
            field: "password-current", message: "Enter your current password."),
        Refusal(
            name: "password-wrong-current", fields: ["current": "not-my-password", "new": "long-enough-1", "confirm": "long-enough-1"],
            field: "password-current", message: "That is not your current password."),
    ]

    @Test("a refused change answers 400 with the field's error, echoes no password and changes nothing", arguments: refusals)
    func refuses(_ refusal: Refusal) async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let other = try await client.signIn()
            let fields = ["current", "new", "confirm"].map { ($0, refusal.fields[$0] ?? "") }
            let response = try await client.post(Self.path, fields, as: session)
            #expect(response.status == .badRequest)
            let html = response.text
            let input = try #require(Self.tag(startingWith: "<input id=\"\(refusal.field)\"", in: html))
            #expect(input.contains("aria-invalid=\"true\""))
            #expect(input.contains("aria-describedby=\"\(refusal.field)") && input.contains("\(refusal.field)-error\""))
            #expect(html.components(separatedBy: "aria-invalid").count == 2, "only the field at fault is marked")
            #expect(html.contains("<p class=\"field-error\" id=\"\(refusal.field)-error\">\(refusal.message)</p>"))
            for value in refusal.fields.values where !value.isEmpty {
                #expect(!html.contains(value), "a password was echoed")
            }
            #expect(!html.contains("Your password was changed."))
            Snapshot.expectMatch(html, named: refusal.name)
            #expect(try await client.get(Self.path, as: other).text.contains("Demo Writer"), "no session was ended")
            _ = try await client.signIn()  // the old password still works
        }
    }
}
