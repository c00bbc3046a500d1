import Foundation
import HTTPTypes
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// `GET /trash` and its Restore and Delete forever actions.
@Suite("Trash")
struct TrashSceneTests {
    @Test("the trash lists the member's trashed posts, most recently trashed first, with their buttons")
    func trashList() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let response = try await client.get("/trash", as: session)
            #expect(response.status == .ok)
            let html = response.text
            let newer = try #require(html.range(of: "action=\"/trash/13/restore\""))
            let older = try #require(html.range(of: "action=\"/trash/7/restore\""))
            #expect(newer.lowerBound < older.lowerBound)
            #expect(html.contains("href=\"/trash/7/delete\""), "deleting forever is confirmed on its own page first")
            Snapshot.expectMatch(html, named: "trash-list")
        }
    }

    @Test("signed-out visitors are sent to sign in and back to the trash")
    func signedOut() async throws {
        try await TestSite().test { client in
            let response = try await client.get("/trash")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/signin?next=%2Ftrash")
            #expect(!response.text.contains("Tea #2"))
        }
    }

    @Test("signed-out restore and delete are 403 and change nothing", arguments: ["/trash/7/restore", "/trash/7/delete"])
    func signedOutActions(_ uri: String) async throws {
        let site = try await TestSite()
        try await site.test { client in
            let visitor = try await client.visit()
            #expect(try await client.post(uri, as: visitor).status == .forbidden)
            #expect(try await site.anyBlog(7)?.trashedAt != nil)
        }
    }

    @Test("restoring puts the post back on the profile and returns to the trash")
    func restore() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/trash/7/restore", as: session)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/trash")
            #expect(try await site.anyBlog(7)?.trashedAt == nil)
            let trash = try await client.get("/trash", as: session).text
            #expect(!trash.contains("/trash/7/restore"))
            #expect(trash.contains("/trash/13/restore"))
            let profile = try await client.get("/users/1", as: session).text
            #expect(profile.contains("href=\"/blogs/7\""))
            #expect(profile.contains("1 post in the trash."))
        }
    }

    @Test("restoring from the script answers with the updated list fragment and a notice")
    func restoreFragment() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/trash/13/restore", as: session, fragment: true)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.hasPrefix("<section id=\"trash-list\" data-component=\"trash-list\" data-src=\"/trash/_/trash-list\">"))
            #expect(html.contains("The post is back on your profile."))
            #expect(!html.contains("/trash/13/restore"))
            Snapshot.expectMatch(html, named: "trash-restore-fragment")
        }
    }

    @Test("the script's delete from the confirmation page navigates to the trash, where its notice shows")
    func deleteFromConfirmationPage() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let target = HTTPField.Name("X-Tessera-Target")!
            let response = try await client.post("/trash/13/delete", as: session, fragment: true, headers: [target: "confirm-delete"])
            #expect(response.status == .ok)
            #expect(response.headers[HTTPField.Name("X-Tessera-Redirect")!] == "/trash")
            #expect(response.body.readableBytes == 0)
            let trash = try await client.get("/trash", as: session)
            #expect(trash.select("[role=status]").first?.text == "The post was deleted forever.")
            let inList = try await client.post("/trash/7/delete", as: session, fragment: true, headers: [target: "trash-list"])
            #expect(inList.select("section#trash-list").count == 1, "from the trash itself it answers in place")
        }
    }

    @Test("deleting forever removes the post and its likes")
    func deleteForever() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await ContentFixtures.execute("INSERT INTO \"like\" (userID, blogID) VALUES (2, 13)", in: site)
            let session = try await client.signIn()
            let response = try await client.post("/trash/13/delete", as: session)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/trash")
            #expect(try await site.anyBlog(13) == nil)
            let likes = try await ContentFixtures.likeRows(13, in: site)
            #expect(likes == 0)
            #expect(try await site.anyBlog(7)?.trashedAt != nil, "the other trashed post stays")
        }
    }

    @Test("an emptied trash says so")
    func emptyTrash() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            _ = try await client.post("/trash/7/delete", as: session)
            _ = try await client.post("/trash/13/restore", as: session)
            let response = try await client.get("/trash", as: session)
            #expect(response.status == .ok)
            #expect(response.text.contains("Nothing in the trash."))
            #expect(!response.text.contains("data-items"))
            Snapshot.expectMatch(response.text, named: "trash-empty")
        }
    }

    @Test("restoring or deleting a post that is not in the member's trash is a 404 and changes nothing", arguments: [
        "/trash/1/restore", "/trash/1/delete", "/trash/2/restore", "/trash/2/delete", "/trash/999/restore",
        "/trash/abc/delete", "/trash/0/restore",
    ])
    func notInTrash(_ uri: String) async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await ContentFixtures.execute("UPDATE blog SET trashedAt = ? WHERE id = 2", [TestSite.now], in: site)
            let session = try await client.signIn()
            let before = try await site.allBlogs()
            let response = try await client.post(uri, as: session)
            #expect(response.status == .notFound)
            let after = try await site.allBlogs()
            #expect(after == before)
        }
    }

    @Test("the trash list and summary each run one query however full the trash is")
    func queryCounts() async throws {
        let site = try await TestSite()
        func queries() async throws -> [Int] {
            let renders = [
                try await site.app.render(TrashListComponent(ownerID: 1), id: "trash-list", sceneURL: DemoURLs.trash, userID: 1),
                try await site.app.render(
                    TrashSummaryComponent(userID: 1, trashURL: DemoURLs.trash), id: "trash-summary", sceneURL: DemoURLs.user(1), userID: 1),
            ]
            for render in renders { #expect(render.loadError == nil) }
            return renders.map(\.queryCount)
        }
        _ = try await queries()  // a fresh connection first reads the schema
        let before = try await queries()
        try await ContentFixtures.execute("UPDATE blog SET trashedAt = ? WHERE userID = 1", [TestSite.now], in: site)
        #expect(before == [1, 1])
        #expect(try await queries() == before)
        try? FileManager.default.removeItem(at: site.folder)
    }
}
