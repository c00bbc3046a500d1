import HTTPTypes
import Testing
import TesseraTesting

@testable import TesseraDemo

/// An error page is a page of the site: a member who follows a dead link still sees the
/// navigation they are signed in with; a visitor sees the visitor's.
@Suite("Error pages for members and visitors")
struct ErrorPageMemberTests {
    @Test("a member's 404 shows them signed in, never stored; a visitor's 404 offers to sign in")
    func notFoundKnowsTheMember() async throws {
        try await TestSite().test { client in
            let member = try await client.signIn()
            let missing = try await client.get("/no/such/page", as: member)
            #expect(missing.status == .notFound)
            let page = HTMLDocument(String(buffer: missing.body))
            #expect(page.select(".nav-wide a[href='/users/1']").map(\.text) == ["Demo Writer"])
            #expect(page.select(".nav-wide form[action='/signin/signout'] input[name='_csrf']").first?[attribute: "value"] == member.token)
            #expect(missing.headers[.cacheControl] == "no-store", "a member's page is never stored")

            let visitor = try await client.get("/no/such/page")
            let visitorPage = HTMLDocument(String(buffer: visitor.body))
            #expect(visitor.status == .notFound)
            #expect(visitorPage.select(".nav-wide a[href='/signin']").map(\.text) == ["Sign in"])
            #expect(visitorPage.select(".nav-wide a[href='/users/1']").isEmpty)
        }
    }
}
