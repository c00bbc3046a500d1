import Foundation
import HTTPTypes
import Tessera
import TesseraTesting
import Testing

@testable import TesseraDemo

/// "Forgot your password?": a mailed single-use link, answered alike for any address.
@Suite("Password reset")
struct PasswordResetTests {
    static let forgot = "/account/forgot"
    static let address = "demo@example.test"

    @Test("a known and an unknown address get the same answer; only the known one gets a mail, with a working link")
    func sameAnswerForAnyAddress() async throws {
        let site = try await TestSite()
        try await site.giveDemoAnAddress()
        try await site.test { client in
            let visitor = try await client.visit(Self.forgot)
            var notices: [String] = []
            for address in ["Demo@Example.test", "nobody@example.test"] {
                let response = try await client.post(Self.forgot, [("email", address)], as: visitor)
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == Self.forgot)
                let noticeCookie = try #require(TestClient.cookie(in: response), "a visitor's notice waits under its own cookie")
                let page = try await client.get(Self.forgot, as: TestSession(cookie: visitor.cookie + "; " + noticeCookie, token: visitor.token))
                notices.append(try #require(page.select("[data-tessera-notice] p").first?.text).replacingOccurrences(of: address, with: "…"))
            }
            #expect(notices[0] == notices[1])
            #expect(notices[0].hasPrefix("If an account has the address …, a link"))

            #expect(site.app.mails.isEmpty, "nothing is sent by the request itself")
            try await site.app.runJobs()
            let mails = site.app.mails
            #expect(mails.map(\.to) == [[MailAddress(Self.address)!]])
            let mail = try #require(mails.first)
            #expect(mail.subject == "Choose a new password")
            #expect(mail.text.split(whereSeparator: \.isNewline).first == "Hello \(Self.address),")
            let link = try #require(Self.link(in: mail))
            #expect(link.hasPrefix(site.site.configuration.publicURL + "/account/reset?token="))
            #expect(mail.html?.contains("href=\"\(link)\"") == true)

            let page = try await client.get(Self.path(of: link), as: visitor)
            #expect(page.status == .ok)
            #expect(page.select("form input[name=token]").count == 1)
            #expect(page.select("[data-link-expired]").isEmpty)
        }
    }

    @Test("a reset sets the password, signs in, signs every other session out, and the link works once")
    func resetsOnce() async throws {
        let site = try await TestSite()
        try await site.giveDemoAnAddress()
        try await site.test { client in
            let elsewhere = try await client.signIn()
            let link = try await site.requestLink(client)
            let visitor = try await client.visit(Self.forgot)
            let page = try await client.get(Self.path(of: link), as: visitor)
            let new = "a brand new passphrase"
            let done = try await client.submit("form", on: page, [("password", new), ("confirm", new)], as: visitor)
            #expect(done.status == .seeOther)
            #expect(done.headers[.location] == "/")
            let signedIn = try await client.session(after: done)
            let home = try await client.get("/", as: signedIn)
            #expect(home.select("nav a[href='/users/1']").first?.text == "Demo Writer")

            let old = try await client.get("/settings/security/password", as: elsewhere)
            #expect(old.status == .seeOther, "the other session was signed out")
            _ = try await client.signIn("demo", password: new)

            let again = try await client.submit("form", on: page, [("password", "yet another one!"), ("confirm", "yet another one!")], as: visitor)
            #expect(again.status == .badRequest)
            #expect(again.select("[data-link-expired]").count == 1)
            _ = try await client.signIn("demo", password: new)
            let reopened = try await client.get(Self.path(of: link), as: visitor)
            #expect(reopened.select("form input[name=token]").isEmpty)
            #expect(reopened.select("[data-link-expired]").count == 1)
        }
    }

    @Test("a link ends after its hour, and a newer link ends the older one")
    func linksEnd() async throws {
        let site = try await TestSite()
        try await site.giveDemoAnAddress()
        try await site.test { client in
            let older = try await site.requestLink(client)
            let newer = try await site.requestLink(client)
            let visitor = try await client.visit(Self.forgot)
            #expect(try await client.get(Self.path(of: older), as: visitor).select("[data-link-expired]").count == 1)
            let page = try await client.get(Self.path(of: newer), as: visitor)
            #expect(page.select("form input[name=token]").count == 1)
            try await site.site.database.write { db in try await db.execute("UPDATE tessera_member_tokens SET expiresAt = expiresAt - 3601") }
            let late = try await client.submit("form", on: page, [("password", "too late a password"), ("confirm", "too late a password")], as: visitor)
            #expect(late.status == .badRequest)
            #expect(late.select("[data-link-expired]").count == 1)
            _ = try await client.signIn()  // the old password still works
        }
    }

    @Test("tokens that are not tokens, and refused passwords, change nothing and keep the link")
    func hostileInput() async throws {
        let site = try await TestSite()
        try await site.giveDemoAnAddress()
        try await site.test { client in
            let visitor = try await client.visit(Self.forgot)
            for token in ["", "x", String(repeating: "g", count: 64), "' OR 1=1 --", String(repeating: "a", count: 5000)] {
                let page = try await client.get("/account/reset" + URLQuery.encode([("token", token)]), as: visitor)
                #expect(page.status == .ok)
                #expect(page.select("[data-link-expired]").count == 1)
                let post = try await client.post("/account/reset", [("token", token), ("password", "long enough pass"), ("confirm", "long enough pass")], as: visitor)
                #expect(post.status == .badRequest)
            }
            let link = try await site.requestLink(client)
            let page = try await client.get(Self.path(of: link), as: visitor)
            let short = try await client.submit("form", on: page, [("password", "short"), ("confirm", "other")], as: visitor)
            #expect(short.status == .badRequest)
            #expect(short.select("#reset-password-error").count == 1)
            #expect(short.select("#reset-confirm-error").count == 1)
            #expect(short.select("form input[name=token]").first?.attributes["value"] == Self.token(of: link), "the link still works")
            let bad = try await client.post(Self.forgot, [("email", "not an address")], as: visitor)
            #expect(bad.status == .badRequest)
            #expect(bad.select("#forgot-email").first?.attributes["value"] == "not an address")
            #expect(bad.select("#forgot-email-error").count == 1)
        }
    }

    @Test("a fourth request for one address within the hour is refused with 429, whether or not it is known")
    func throttledPerAddress() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let visitor = try await client.visit(Self.forgot)
            for _ in 0..<3 {
                #expect(try await client.post(Self.forgot, [("email", "someone@example.test")], as: visitor).status == .seeOther)
            }
            let refused = try await client.post(Self.forgot, [("email", "SOMEONE@example.test")], as: visitor)
            #expect(refused.status == .tooManyRequests)
            #expect(try await client.post(Self.forgot, [("email", "other@example.test")], as: visitor).status == .seeOther)
            try await site.app.runJobs()
            #expect(site.app.mails.isEmpty)
        }
    }

    @Test("two uses of one link at once, on two processes, set one password", arguments: [1, 2])
    func concurrentUses(_ round: Int) async throws {
        try await TestSite.onTwoProcesses { first, second in
            try await first.giveDemoAnAddress()
            let link = try await first.test(keepingFiles: true) { client in try await first.requestLink(client) }
            let token = Self.token(of: link)
            async let a = second.test(keepingFiles: true) { client in
                try await client.post("/account/reset", [("token", token), ("password", "first password!"), ("confirm", "first password!")], as: try await client.visit(Self.forgot)).status
            }
            async let b = first.test(keepingFiles: true) { client in
                try await client.post("/account/reset", [("token", token), ("password", "second password"), ("confirm", "second password")], as: try await client.visit(Self.forgot)).status
            }
            let statuses = try await [a, b]
            #expect(statuses.filter { $0 == .seeOther }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == .badRequest }.count == 1, "\(statuses)")
            let winner = statuses[0] == .seeOther ? "first password!" : "second password"
            _ = try await first.test(keepingFiles: true) { client in try await client.signIn("demo", password: winner) }
            first.app.removeFiles()
        }
    }

    // MARK: - Helpers

    static func link(in mail: Mail) -> String? {
        mail.text.split(whereSeparator: \.isNewline).map(String.init).first { $0.hasPrefix("http") }
    }

    static func path(of link: String) -> String {
        let parts = URLComponents(string: link)!
        return parts.path + "?" + (parts.query ?? "")
    }

    static func token(of link: String) -> String { String(link.split(separator: "=").last ?? "") }
}

extension TestSite {
    /// Gives the demo member a confirmed address.
    func giveDemoAnAddress(_ address: String = PasswordResetTests.address) async throws {
        try await site.database.write { db in
            try await db.execute("UPDATE \(db.dialect.quoted("user")) SET email = ? WHERE username = 'demo'", [address])
        }
    }

    /// Asks for a reset link for the demo member, runs the jobs, and returns the link mailed.
    func requestLink(_ client: TestClient) async throws -> String {
        let before = app.mails.count
        let visitor = try await client.visit(PasswordResetTests.forgot)
        let response = try await client.post(PasswordResetTests.forgot, [("email", PasswordResetTests.address)], as: visitor)
        #expect(response.status == .seeOther)
        try await app.runJobs()
        let mails = app.mails
        try #require(mails.count == before + 1)
        return try #require(PasswordResetTests.link(in: mails[mails.count - 1]))
    }
}
