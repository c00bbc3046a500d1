import Foundation
import HTTPTypes
import Tessera
import TesseraTesting
import Testing

@testable import TesseraDemo

/// A mailed link works only while what it was mailed for still holds: a password change, a
/// newly confirmed address and a newer link of its kind each end it.
@Suite("Mailed links end")
struct LinkEndingTests {
    static let attempted = "the password someone tried"

    // MARK: - Reset links

    @Test("a reset link mailed before a password change no longer works, and sets no password")
    func resetLinkEndsWithPasswordChange() async throws {
        try await TestSite.onEachDatabase { site in
            try await site.giveDemoAnAddress()
            try await site.test { client in
                let link = try await site.requestLink(client)
                let demo = try await client.signIn()
                let changed = "a password changed since"
                let change = try await client.post(
                    PasswordSceneTests.path, [("current", PasswordSceneTests.current), ("new", changed), ("confirm", changed)], as: demo)
                #expect(change.status == .seeOther)
                try await Self.expectRefused(link, client, passwordStays: changed)
            }
        }
    }

    @Test("a reset link mailed to an address the member has since replaced no longer works, and sets no password")
    func resetLinkEndsWithNewAddress() async throws {
        try await TestSite.onEachDatabase { site in
            try await site.giveDemoAnAddress()
            try await site.test { client in
                let link = try await site.requestLink(client)
                let demo = try await client.signIn()
                try await site.confirmAddress("demo-moved@example.test", as: demo, client)
                #expect(try await site.email(of: "demo") == "demo-moved@example.test")
                try await Self.expectRefused(link, client, passwordStays: PasswordSceneTests.current)
            }
        }
    }

    @Test("a newer reset link ends the older one, which sets no password, and works itself")
    func resetLinkEndsWithNewerLink() async throws {
        try await TestSite.onEachDatabase { site in
            try await site.giveDemoAnAddress()
            try await site.test { client in
                let older = try await site.requestLink(client)
                let newer = try await site.requestLink(client)
                try await Self.expectRefused(older, client, passwordStays: PasswordSceneTests.current)
                let visitor = try await client.visit(PasswordResetTests.forgot)
                let page = try await client.get(PasswordResetTests.path(of: newer), as: visitor)
                let new = "the newer link's password"
                let done = try await client.submit("form", on: page, [("password", new), ("confirm", new)], as: visitor)
                #expect(done.status == .seeOther)
                _ = try await client.signIn("demo", password: new)
            }
        }
    }

    // MARK: - Confirmation links

    @Test("a confirmation link ends when a newer one is mailed, when the password changes, and when a reset sets one")
    func confirmationLinksEnd() async throws {
        try await TestSite.onEachDatabase { site in
            try await site.giveDemoAnAddress()
            try await site.test { client in
                let demo = try await client.signIn()
                let first = try await site.confirmationLink("first@example.test", as: demo, client)
                let second = try await site.confirmationLink("second@example.test", as: demo, client)
                try await Self.expectRefused(confirmation: first, client, as: demo, site)

                let changed = "a password changed since"
                let change = try await client.post(
                    PasswordSceneTests.path, [("current", PasswordSceneTests.current), ("new", changed), ("confirm", changed)], as: demo)
                #expect(change.status == .seeOther)
                try await Self.expectRefused(confirmation: second, client, as: demo, site)

                let third = try await site.confirmationLink("third@example.test", as: demo, client)
                let reset = try await site.requestLink(client)
                let visitor = try await client.visit(PasswordResetTests.forgot)
                let page = try await client.get(PasswordResetTests.path(of: reset), as: visitor)
                let new = "a password set by a reset"
                let done = try await client.submit("form", on: page, [("password", new), ("confirm", new)], as: visitor)
                #expect(done.status == .seeOther)
                try await Self.expectRefused(confirmation: third, client, as: try await client.session(after: done), site)
            }
        }
    }

    // MARK: - Helpers

    /// Expects reset link `link` to be refused: its page says it no longer works and offers no
    /// form, a post of its token is a `400` saying the same, and the demo's password is still
    /// `password`, not the one posted.
    static func expectRefused(_ link: String, _ client: TestClient, passwordStays password: String) async throws {
        let visitor = try await client.visit(PasswordResetTests.forgot)
        let page = try await client.get(PasswordResetTests.path(of: link), as: visitor)
        #expect(page.status == .ok)
        #expect(page.select("form input[name=token]").isEmpty)
        #expect(page.select("[data-link-expired]").count == 1)
        let post = try await client.post(
            "/account/reset", [("token", PasswordResetTests.token(of: link)), ("password", attempted), ("confirm", attempted)], as: visitor)
        #expect(post.status == .badRequest)
        #expect(post.select("[data-link-expired]").count == 1)
        #expect(post.headers[.setCookie] == nil, "no session signed in")
        let signIn = try await client.post("/signin", [("username", "demo"), ("password", attempted)], as: try await client.visit())
        #expect(signIn.status == .badRequest, "the password posted was not set")
        _ = try await client.signIn("demo", password: password)
    }

    /// Expects confirmation link `link` to be refused: its page says it no longer works and
    /// offers no button, a post of its token is a `400`, and the demo's address is unchanged.
    static func expectRefused(confirmation link: String, _ client: TestClient, as session: TestSession, _ site: TestSite) async throws {
        let before = try await site.email(of: "demo")
        let page = try await client.get(PasswordResetTests.path(of: link), as: session)
        #expect(page.status == .ok)
        #expect(page.select(AddressConfirmationTests.confirmForm).isEmpty)
        #expect(page.select("[data-link-expired]").count == 1)
        let post = try await client.post("/account/email/confirm", [("token", PasswordResetTests.token(of: link))], as: session)
        #expect(post.status == .badRequest)
        #expect(post.select("[data-link-expired]").count == 1)
        #expect(try await site.email(of: "demo") == before)
    }
}

extension TestSite {
    /// Asks, as `session`, for a link confirming `address`, runs the jobs, and returns the link
    /// mailed to it.
    func confirmationLink(_ address: String, as session: TestSession, _ client: TestClient) async throws -> String {
        let to = [try #require(MailAddress(address))]
        let before = app.mails.filter { $0.to == to }.count
        let response = try await client.post(AddressConfirmationTests.page, [("email", address)], as: session)
        #expect(response.status == .seeOther)
        try await app.runJobs()
        let mails = app.mails.filter { $0.to == to }
        try #require(mails.count == before + 1, "one more mail to \(address)")
        return try #require(PasswordResetTests.link(in: mails[mails.count - 1]))
    }

    /// Confirms `address` as `session`'s member through the link mailed to it.
    func confirmAddress(_ address: String, as session: TestSession, _ client: TestClient) async throws {
        let link = try await confirmationLink(address, as: session, client)
        let page = try await client.get(PasswordResetTests.path(of: link), as: session)
        #expect(try await client.submit(AddressConfirmationTests.confirmForm, on: page, as: session).status == .seeOther)
    }
}
