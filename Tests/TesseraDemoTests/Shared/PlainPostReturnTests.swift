import Foundation
import HTTPTypes
import TesseraTesting
import Testing

import TesseraDemo

/// Without JavaScript, a form's post that succeeds goes back to the scene's page as the form
/// showed it, query and all, so a filtered or paged list keeps its place; a form on another
/// page (a confirmation page), or naming a page elsewhere than this site, or none, sends it to
/// the scene's page.
@Suite("A plain post returns to its page")
struct PlainPostReturnTests {
    static let restore = "form[action='/trash/7/restore']"

    @Test("a form's plain post returns to the page it was on, path and query")
    func returnsToItsPage() async throws {
        try await TestSite.onEachDatabase { site in
            try await site.test { client in
                let member = try await client.signIn()
                let page = try await client.get("/trash?shown=older&page=1", as: member)
                #expect(HTMLDocument(page.text).first(Self.restore + " input[name=_back]")?[attribute: "value"] == "/trash?shown=older&page=1")
                let response = try await client.submit(Self.restore, on: page, as: member)
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/trash?shown=older&page=1")
                #expect(try await site.anyBlog(7)?.trashedAt == nil)
            }
        }
    }

    @Test("a form in a fragment names its scene's page with the fragment's query, Tessera's own items left out")
    func fragmentNamesItsPage() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let member = try await client.signIn()
            let fragment = try await client.get("/trash/_/trash-list?shown=older&_component=x&_back=%2Felsewhere", as: member, fragment: true)
            #expect(fragment.status == .ok)
            #expect(HTMLDocument(fragment.text).first(Self.restore + " input[name=_back]")?[attribute: "value"] == "/trash?shown=older")
        }
    }

    @Test("a page named off this site, another page of it, or none, sends the post to the scene's page",
        arguments: ["//evil.example/", "https://evil.example/trash", "/\\evil", "", "/trash/7/delete", "/users/1?page=2"])
    func elsewhereGoesToTheScene(_ back: String) async throws {
        let site = try await TestSite()
        try await site.test { client in
            let member = try await client.signIn()
            let response = try await client.post("/trash/7/restore", [("_back", back)], as: member)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/trash")
        }
    }
}
