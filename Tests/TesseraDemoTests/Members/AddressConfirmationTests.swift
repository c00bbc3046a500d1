import Foundation
import HTTPTypes
import Tessera
import TesseraTesting
import Testing

@testable import TesseraDemo

/// A member's address becomes theirs only when they follow the link mailed to it.
@Suite("Address confirmation")
struct AddressConfirmationTests {
    static let page = "/settings/security/email"
    static let confirmForm = "form[action='/account/email/confirm']"

    @Test("an address given at sign-up is mailed a link; it becomes the member's when the button on the link's page is pressed, once")
    func confirmsAtSignUp() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let visitor = try await client.visit("/signup")
            let fields = [("username", "zoe"), ("displayName", "Zoë"), ("email", "Zoe@Example.test"), ("password", "correct horse battery")]
            let response = try await client.post("/signup", fields, as: visitor)
            #expect(response.status == .seeOther)
            let zoe = try await client.session(after: response)
            #expect(try await site.email(of: "zoe") == nil, "not before the link is followed")

            try await site.app.runJobs()
            let mail = try #require(site.app.mails.last)
            #expect(mail.to == [MailAddress("zoe@example.test")!])
            #expect(mail.subject == "Confirm your e-mail address")
            let link = try #require(PasswordResetTests.link(in: mail))
            let opened = try await client.get(PasswordResetTests.path(of: link), as: zoe)
            #expect(opened.select("form strong").first?.text == "zoe@example.test")
            #expect(try await site.email(of: "zoe") == nil, "opening the link (a mail scanner) changes nothing")

            let confirmed = try await client.submit(Self.confirmForm, on: opened, as: zoe)
            #expect(confirmed.status == .seeOther)
            #expect(confirmed.headers[.location] == Self.page)
            #expect(try await site.email(of: "zoe") == "zoe@example.test")
            let settings = try await client.get(Self.page, as: zoe)
            #expect(settings.select("[data-current-email]").first?.text == "zoe@example.test")

            let again = try await client.submit(Self.confirmForm, on: opened, as: zoe)
            #expect(again.status == .badRequest)
            #expect(again.select("[data-link-expired]").count == 1)
        }
    }

    @Test("a refused address keeps what was typed beside its field and creates no member")
    func refusedAddress() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let visitor = try await client.visit("/signup")
            let fields = [("username", "zoe"), ("displayName", "Zoë"), ("email", "zoe at example"), ("password", "correct horse battery")]
            let response = try await client.post("/signup", fields, as: visitor)
            #expect(response.status == .badRequest)
            #expect(response.select("#sign-up-email").first?.attributes["value"] == "zoe at example")
            #expect(response.select("#sign-up-email-error").count == 1)
            let members = try await site.site.database.read { db in
                try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM \(db.dialect.quoted("user")) WHERE username = 'zoe'")
            }
            #expect(members == 0)
        }
    }

    @Test("a visitor is sent to sign in for the address page and refused its post")
    func guarded() async throws {
        try await TestSite().test { client in
            let visitor = try await client.visit()
            let page = try await client.get(Self.page, as: visitor)
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/signin?next=%2Fsettings%2Fsecurity%2Femail")
            #expect(try await client.post(Self.page, [("email", "eve@example.test")], as: visitor).status == .forbidden)
        }
    }

    @Test("a new address changes nothing until confirmed; an address another member confirmed is not mailed, and a late link says so")
    func changesAndTaken() async throws {
        let site = try await TestSite()
        try await site.giveDemoAnAddress()
        try await site.test { client in
            let demo = try await client.signIn()
            let grace = try await site.signInAsGrace(client)
            let shared = "shared@example.test"
            for session in [demo, grace] {
                #expect(try await client.post(Self.page, [("email", shared)], as: session).status == .seeOther)
            }
            #expect(try await site.email(of: "demo") == PasswordResetTests.address)
            try await site.app.runJobs()
            let links = site.app.mails.compactMap(PasswordResetTests.link(in:))
            #expect(links.count == 2)

            let first = try await client.get(PasswordResetTests.path(of: links[0]), as: demo)
            #expect(try await client.submit(Self.confirmForm, on: first, as: demo).status == .seeOther)
            #expect(try await site.email(of: "demo") == shared)

            let second = try await client.get(PasswordResetTests.path(of: links[1]), as: grace)
            let late = try await client.submit(Self.confirmForm, on: second, as: grace)
            #expect(late.status == .badRequest)
            #expect(late.select("[role=alert]").first?.text == "Another account confirmed this address first.")
            #expect(try await site.email(of: "grace") == nil)

            #expect(try await client.post(Self.page, [("email", shared)], as: grace).status == .seeOther, "the same answer")
            let before = site.app.mails.count
            try await site.app.runJobs()
            #expect(site.app.mails.count == before, "no mail to another member's address")
        }
    }
}

extension TestSite {
    /// The confirmed address of member `username`, or nil.
    func email(of username: String) async throws -> String? {
        try await site.database.read { db in
            try await db.fetchValue(String?.self, "SELECT email FROM \(db.dialect.quoted("user")) WHERE username = ?", [username]) ?? nil
        }
    }
}
