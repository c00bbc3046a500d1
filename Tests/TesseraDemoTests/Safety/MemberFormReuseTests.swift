import Foundation
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// A member's components that hold forms are kept like any other: their tokens are written as
/// holes and filled as the page leaves, with that member's CSRF token and a one-time token per
/// form, so the same bytes serve every request and no token reaches another viewer.
@Suite("Members' forms reused")
struct MemberFormReuseTests {
    /// Every form's `_csrf` and `_once` values on `page`.
    private func tokens(_ page: HTMLDocument) -> (csrf: [String], once: [String]) {
        let csrf = page.select("form input[name=_csrf]").compactMap { $0[attribute: "value"] }
        let once = page.select("form input[name=_once]").compactMap { $0[attribute: "value"] }
        return (csrf, once)
    }

    @Test("a second visit to a profile loads none of its like buttons again; every form carries the member's own tokens")
    func likeButtonsAreKeptForMembers() async throws {
        let site = try await TestSite()
        try await MessagingTestSupport.giveDemoPassword(to: "ada", in: site)
        try await site.test { client in
            let demo = try await client.signIn()
            let ada = try await client.signIn("ada")
            let first = HTMLDocument(try await client.get("/users/2", as: demo).text)
            let buttons = first.select("#blog-list [data-component=like-button]").count
            #expect(buttons >= 4)

            let before = site.app.fragmentLookups
            let again = HTMLDocument(try await client.get("/users/2", as: demo).text)
            let after = site.app.fragmentLookups
            #expect(again.select("#blog-list [data-component=like-button]").count == buttons)
            #expect(after.loaded - before.loaded < buttons, "loaded again: \(after.loaded - before.loaded) of \(buttons) buttons and the rest")
            #expect(after.served - before.served >= buttons, "served kept: \(after.served - before.served)")

            // The kept buttons carry each viewer's own tokens, never a hole or another's token.
            let other = HTMLDocument(try await client.get("/users/2", as: ada).text)
            for (page, session) in [(again, demo), (other, ada)] {
                let (csrf, once) = tokens(page)
                #expect(csrf.count >= buttons)
                #expect(Set(csrf) == [session.token])
                #expect(once.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) }, "\(once)")
            }
            let allOnce = tokens(first).once + tokens(again).once + tokens(other).once
            #expect(Set(allOnce).count == allOnce.count, "a one-time token is never served twice")
        }
    }

    @Test("a kept button still acts: liking from a reused profile works without JavaScript and shows at once")
    func keptButtonsAct() async throws {
        try await TestSite().test { client in
            let member = try await client.signIn()
            _ = try await client.get("/users/2", as: member)
            let page = try await client.get("/users/2", as: member)
            let id = try #require(page.select("#blog-list [data-component=like-button]").compactMap { $0[attribute: "id"] }.first)
            let label = page.select("#\(id) button").first?.text
            let posted = try await client.submit("#\(id) form", on: page, as: member)
            #expect(posted.status == .seeOther)
            let back = try await client.get("/users/2", as: member)
            #expect(back.select("#\(id) button").first?.text != label)
        }
    }
}
