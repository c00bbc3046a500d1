import Foundation
import HTTPTypes
import Tessera
import TesseraTesting
import Testing

@testable import TesseraDemo

/// Confirmation mail reaches an address a few times an hour at most, whoever asks, and says
/// nothing its reader did not write.
@Suite("Confirmation mail")
struct ConfirmationMailTests {
    static let target = "target@example.test"

    /// What a member sees after asking for a confirmation mail: the response, and the notice on
    /// the page it sends them to.
    struct Answer: Equatable {
        let status: HTTPResponse.Status
        let location: String?
        let body: String
        let notice: String?
    }

    // MARK: - Limits

    @Test("a fourth confirmation mail to one address within the hour, asked for by another member on another process, is not sent, and the form answers as for a sent one")
    func fourthMailToAnAddressIsNotSent() async throws {
        try await TestSite.onTwoProcesses { first, second in
            let to = [try #require(MailAddress(Self.target))]
            try await first.test(keepingFiles: true) { client in
                let demo = try await client.signIn()
                for _ in 0..<2 { #expect(try await Self.ask(Self.target, as: demo, client).status == .seeOther) }
                try await first.app.runJobs()
            }
            let (sent, unsent) = try await second.test(keepingFiles: true) { client in
                let grace = try await second.signInAsGrace(client)
                let sent = try await Self.ask(Self.target, as: grace, client)
                try await second.app.runJobs()
                let unsent = try await Self.ask(Self.target, as: grace, client)
                try await second.app.runJobs()
                return (sent, unsent)
            }
            #expect(sent.status == .seeOther)
            #expect(sent.notice?.hasPrefix("A link to confirm \(Self.target) is on its way") == true, "\(sent)")
            #expect(unsent == sent, "the answer does not tell the mail was not sent")
            #expect((first.app.mails + second.app.mails).filter { $0.to == to }.count == 3)
            first.app.removeFiles()
        }
    }

    @Test("a sign-up giving an address that had its three confirmation mails this hour is answered as any, and nothing more is mailed to it")
    func signUpPastTheLimitMailsNothing() async throws {
        try await TestSite.onEachDatabase { site in
            try await site.test { client in
                let to = [try #require(MailAddress(Self.target))]
                let demo = try await client.signIn()
                for _ in 0..<3 { #expect(try await Self.ask(Self.target, as: demo, client).status == .seeOther) }
                try await site.app.runJobs()
                #expect(site.app.mails.filter { $0.to == to }.count == 3)

                let visitor = try await client.visit("/signup")
                let fields = [("username", "eve"), ("displayName", "Eve"), ("email", Self.target), ("password", "correct horse battery")]
                let response = try await client.post("/signup", fields, as: visitor)
                #expect(response.status == .seeOther)
                let cookie = try #require(TestClient.cookie(in: response), "a session for the new member")
                let page = try await client.get(try #require(response.headers[.location]), as: TestSession(cookie: cookie, token: ""))
                #expect(page.select("[data-tessera-notice] p").first?.text == "Welcome! Your account is ready. A link to confirm \(Self.target) is on its way to it.")
                try await site.app.runJobs()
                #expect(site.app.mails.filter { $0.to == to }.count == 3)
            }
        }
    }

    @Test("a member's sixth confirmation request within the hour is refused with 429, whatever the addresses")
    func perMemberLimitStays() async throws {
        try await TestSite.onEachDatabase { site in
            try await site.test { client in
                let demo = try await client.signIn()
                for index in 1...5 {
                    #expect(try await Self.ask("address\(index)@example.test", as: demo, client).status == .seeOther)
                }
                let refused = try await client.post(AddressConfirmationTests.page, [("email", "address6@example.test")], as: demo)
                #expect(refused.status == .tooManyRequests)
                try await site.app.runJobs()
                #expect(site.app.mails.count == 5)
            }
        }
    }

    // MARK: - Greetings

    @Test("a confirmation mail greets the address it goes to, never the name its sender chose")
    func confirmationMailGreetsTheAddress() async throws {
        try await TestSite.onEachDatabase { site in
            try await site.test { client in
                let visitor = try await client.visit("/signup")
                let fields = [("username", "eve"), ("displayName", "Prize Desk"), ("email", Self.target), ("password", "correct horse battery")]
                #expect(try await client.post("/signup", fields, as: visitor).status == .seeOther)
                try await site.app.runJobs()
                let mail = try #require(site.app.mails.last)
                #expect(mail.to == [try #require(MailAddress(Self.target))])
                Self.expectGreets(Self.target, mail, never: "Prize Desk")
            }
        }
    }

    @Test("a reset mail greets the address it goes to, not the member's name")
    func resetMailGreetsTheAddress() async throws {
        try await TestSite.onEachDatabase { site in
            try await site.giveDemoAnAddress()
            try await site.test { client in
                _ = try await site.requestLink(client)
                let mail = try #require(site.app.mails.last)
                Self.expectGreets(PasswordResetTests.address, mail, never: "Demo Writer")
            }
        }
    }

    // MARK: - Helpers

    /// Asks, as `session`, for a link confirming `address`: the answer, and the notice on the
    /// page it redirects to.
    static func ask(_ address: String, as session: TestSession, _ client: TestClient) async throws -> Answer {
        let response = try await client.post(AddressConfirmationTests.page, [("email", address)], as: session)
        var notice: String?
        if let location = response.headers[.location] {
            notice = try await client.get(location, as: session).select("[data-tessera-notice] p").first?.text
        }
        return Answer(status: response.status, location: response.headers[.location], body: response.text, notice: notice)
    }

    /// Expects `mail`'s text and HTML parts to open with "Hello `address`," and to hold no `name`.
    static func expectGreets(_ address: String, _ mail: Mail, never name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(mail.text.split(whereSeparator: \.isNewline).first == "Hello \(address),", sourceLocation: sourceLocation)
        #expect(!mail.text.contains(name), sourceLocation: sourceLocation)
        let html = HTMLDocument(mail.html ?? "")
        #expect(html.select("body > p").first?.text == "Hello \(address),", sourceLocation: sourceLocation)
        #expect(html.select("body *").allSatisfy { !$0.text.contains(name) }, sourceLocation: sourceLocation)
    }
}
