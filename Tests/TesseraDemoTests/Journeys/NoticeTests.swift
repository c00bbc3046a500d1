import Foundation
import HTTPTypes
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// One-time notices: shown on the next page only, never by a URL.
@Suite("Notices")
struct NoticeTests {
    @Test("trashing a post shows a notice with Undo once; Undo puts it back and returns to the post")
    func trashThenUndo() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let once = Journey.onceToken(in: try await client.get("/blogs/1", as: session).text)
            let trashed = try await client.post("/blogs/1/trash", [("_once", once)], as: session)
            #expect(trashed.headers[.location] == "/users/1")
            let profile = try await client.get("/users/1", as: session).text
            #expect(profile.contains("was moved to the trash."))
            #expect(profile.contains("action=\"/trash/1/restore\""))
            #expect(profile.contains("name=\"back\" value=\"/blogs/1\""))
            let again = try await client.get("/users/1", as: session).text
            #expect(!again.contains("was moved to the trash."))
            let undone = try await client.post("/trash/1/restore", [("back", "/blogs/1")], as: session)
            #expect(undone.headers[.location] == "/blogs/1")
            #expect(try await ContentFixtures.storedBlog(1, in: site)?.trashedAt == nil)
            #expect(try await client.get("/blogs/1", as: session).text.contains("Undone: the post is back."))
        }
    }

    @Test("an Undo whose back address leaves the site goes to the trash instead", arguments: ["//evil.example", "https://evil.example/"])
    func undoRefusesOtherSites(_ back: String) async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/trash/7/restore", [("back", back)], as: session)
            #expect(response.headers[.location] == "/trash")
        }
    }

    @Test("?changed=1 no longer says the password was changed")
    func passwordQueryReplaysNothing() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let page = try await client.get("/settings/security/password?changed=1", as: session).text
            #expect(!page.contains("Your password was changed."))
        }
    }

    @Test("a notice belongs to its session: another visitor never sees it")
    func noticeStaysInItsSession() async throws {
        try await TestSite().test { client in
            let member = try await client.signIn()
            _ = try await client.post("/blogs/1/trash", as: member)
            let visitor = try await client.visit()
            #expect(!(try await client.get("/users/1", as: visitor).text.contains("was moved to the trash.")))
            #expect(try await client.get("/users/1", as: member).text.contains("was moved to the trash."))
        }
    }

    @Test("restoring without JavaScript shows its notice on the trash page")
    func plainRestoreNotice() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            _ = try await client.post("/trash/7/restore", as: session)
            #expect(try await client.get("/trash", as: session).text.contains("The post is back on your profile."))
        }
    }
}
