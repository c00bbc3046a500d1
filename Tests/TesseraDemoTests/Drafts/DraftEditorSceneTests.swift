import Foundation
import HTTPTypes
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// The draft editor: `GET /drafts/new`, `GET /drafts/:id/edit`, and the form's create, save
/// and publish actions.
@Suite("Drafts")
struct DraftEditorSceneTests {
    static let redirectHeader = HTTPField.Name("X-Tessera-Redirect")!

    // MARK: - Pages

    @Test("the new-draft page shows an empty form posting to /drafts")
    func newDraftPage() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let response = try await client.get("/drafts/new", as: session)
            #expect(response.status == .ok)
            #expect(response.text.contains("action=\"/drafts/new\""))
            #expect(response.text.contains("<h1>New draft</h1>"))
            Snapshot.expectMatch(response.text, named: "draft-new")
        }
    }

    @Test("the edit page shows the draft's text and posts to its own address")
    func editDraftPage() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let response = try await client.get("/drafts/1/edit", as: session)
            #expect(response.status == .ok)
            #expect(response.text.contains("value=\"Notes on Mustache\""))
            #expect(response.text.contains(">\nLogic-less templates keep views honest.</textarea>"))
            #expect(response.text.contains("action=\"/drafts/1/edit\""))
            #expect(response.text.contains("formaction=\"/drafts/1/edit/publish\""))
            Snapshot.expectMatch(response.text, named: "draft-edit")
        }
    }

    @Test("signed-out visitors asking for an editor are sent to sign in and back", arguments: [
        ("/drafts/new", "/signin?next=%2Fdrafts%2Fnew"), ("/drafts/1/edit", "/signin?next=%2Fdrafts%2F1%2Fedit"),
    ])
    func signedOutPages(_ pair: (String, String)) async throws {
        try await TestSite().test { client in
            let response = try await client.get(pair.0)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == pair.1)
            #expect(!response.text.contains("name=\"title\""), "no form for visitors")
        }
    }

    @Test("signed-out posts are refused with 403 and change nothing", arguments: ["/drafts/new", "/drafts/1/edit", "/drafts/1/edit/publish"])
    func signedOutPosts(_ uri: String) async throws {
        let site = try await TestSite()
        try await site.test { client in
            let visitor = try await client.visit()
            let response = try await client.post(uri, [("title", "Hijack"), ("body", "Text")], as: visitor)
            #expect(response.status == .forbidden)
            #expect(try await site.allDrafts().map(\.title) == ["Notes on Mustache", "Half an idea", "Why SQLite"])
        }
    }

    @Test("someone else's or a missing draft is a 404 for every request", arguments: [
        "/drafts/4/edit", "/drafts/999/edit", "/drafts/abc/edit", "/drafts/4/edit/_/draft-form",
    ])
    func foreignDraftPage(_ uri: String) async throws {
        let site = try await TestSite()
        try await site.test { client in
            _ = try await DraftStore(database: site.profileDatabase).create(for: 2, title: "Ada's", body: "Secret", at: TestSite.now)
            let session = try await client.signIn()
            let response = try await client.get(uri, as: session)
            #expect(response.status == .notFound)
            #expect(!response.text.contains("Secret"))
        }
    }

    @Test("saving or publishing someone else's draft is a 404 and changes nothing", arguments: ["/drafts/4/edit", "/drafts/4/edit/publish"])
    func foreignDraftPosts(_ uri: String) async throws {
        let site = try await TestSite()
        try await site.test { client in
            _ = try await DraftStore(database: site.profileDatabase).create(for: 2, title: "Ada's", body: "Secret", at: TestSite.now)
            let session = try await client.signIn()
            let response = try await client.post(uri, [("title", "Mine now"), ("body", "Overwritten")], as: session)
            #expect(response.status == .notFound)
            let draft = try #require(try await site.allDrafts().last)
            #expect(draft.title == "Ada's" && draft.body == "Secret")
            #expect(try await site.anyBlog(73) == nil)
        }
    }

    // MARK: - Create and save

    @Test("creating a draft stores it and goes to its editor")
    func create() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/drafts/new", [("title", "  Fresh  "), ("body", "New text")], as: session)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/drafts/4/edit")
            let draft = try #require(try await site.allDrafts().last)
            #expect(draft.id == 4 && draft.userID == 1 && draft.title == "Fresh" && draft.body == "New text")
        }
    }

    @Test("a refused new draft answers 400 with the input kept and creates nothing")
    func createInvalid() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let title = String(repeating: "Long <b> ", count: 20)
            let response = try await client.post("/drafts/new", [("title", title), ("body", "Kept body")], as: session)
            #expect(response.status == .badRequest)
            let html = response.text
            #expect(response.select("#draft-title[aria-invalid=true][aria-describedby=draft-title-error]").count == 1)
            #expect(response.select("#draft-title-error").first?.text.hasPrefix("Keep this to 120 characters or fewer") == true)
            #expect(html.contains("Long &lt;b&gt;"))
            #expect(html.contains(">\nKept body</textarea>"))
            #expect(try await site.allDrafts().count == 3)
            Snapshot.expectMatch(html, named: "draft-new-errors")
        }
    }

    @Test("saving writes the text and comes back with a Saved notice")
    func save() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/drafts/2/edit", [("title", "A whole idea"), ("body", "Now with text.")], as: session)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/drafts/2/edit")
            let draft = try #require(try await site.allDrafts().first { $0.id == 2 })
            #expect(draft.title == "A whole idea" && draft.body == "Now with text." && draft.updatedAt == TestSite.now)
            let page = try await client.get("/drafts/2/edit", as: session)
            #expect(page.text.contains("<p>Saved.</p>"), "a one-time notice, not a query a link could replay")
            #expect(!(try await client.get("/drafts/2/edit", as: session).text.contains("<p>Saved.</p>")))
            #expect(page.text.contains(">\nNow with text.</textarea>"))
            Snapshot.expectMatch(page.text, named: "draft-saved")
        }
    }

    @Test("saving from the script answers with the form fragment showing Saved")
    func saveFragment() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/drafts/1/edit", [("title", "Notes"), ("body", "Shorter.")], as: session, fragment: true)
            #expect(response.status == .ok)
            #expect(response.text.hasPrefix("<section id=\"draft-form\" data-component=\"draft-form\" data-src=\"/drafts/1/edit/_/draft-form\">"))
            #expect(response.select("#tessera-notice [data-tessera-notice] p").map(\.text) == ["Saved."], "the notice, in place")
            #expect(try await site.allDrafts().first?.body == "Shorter.")
            let page = try await client.get("/drafts/1/edit", as: session)
            #expect(page.select("[data-tessera-notice]").isEmpty, "a notice shown in place is not shown again")
        }
    }

    @Test("saving refused text answers 400, keeps the input and leaves the stored draft as it was")
    func saveInvalid() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let long = String(repeating: "x", count: 121)
            let response = try await client.post("/drafts/1/edit", [("title", long), ("body", "Edited")], as: session)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("value=\"\(long)\""))
            #expect(response.text.contains(">\nEdited</textarea>"))
            #expect(!response.text.contains("Saved."))
            let draft = try #require(try await site.allDrafts().first)
            #expect(draft.title == "Notes on Mustache" && draft.body == "Logic-less templates keep views honest.")
        }
    }

    // MARK: - Publish

    @Test("publishing moves the latest text to a new blog, removes the draft and records the flow")
    func publish() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post(
                "/drafts/1/edit/publish", [("title", "Mustache, finally"), ("body", "Edited before publishing.")], as: session)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/blogs/73")
            let blog = try #require(try await site.anyBlog(73))
            #expect(blog.userID == 1 && blog.title == "Mustache, finally" && blog.body == "Edited before publishing.")
            #expect(blog.createdAt == TestSite.now && blog.trashedAt == nil)
            #expect(try await site.allDrafts().map(\.id) == [2, 3])
            let events = try await site.app.analyticsEvents()
            let event = try #require(events.last { $0.kind == .action })
            #expect(event.name == "draft-form.publish")
            #expect(event.detail == "draft 1 → blog 73")
        }
    }

    @Test("publishing an empty draft answers 400 with the field error and publishes nothing")
    func publishInvalid() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/drafts/2/edit/publish", [("title", "Half an idea, edited"), ("body", "  ")], as: session)
            #expect(response.status == .badRequest)
            let html = response.text
            #expect(response.select("#draft-body[aria-invalid=true]").first?[attribute: "aria-describedby"] == "draft-body-hint draft-body-error")
            #expect(response.select("#draft-body-error").first?.text == "Write something before publishing.")
            #expect(html.contains("value=\"Half an idea, edited\""))
            #expect(try await site.anyBlog(73) == nil)
            let draft = try #require(try await site.allDrafts().first { $0.id == 2 })
            #expect(draft.title == "Half an idea", "refused text changes nothing")
            Snapshot.expectMatch(html, named: "draft-publish-errors")
        }
    }

    @Test("the script's publish (intent on the save address) redirects the page to the new blog")
    func publishFromScript() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post(
                "/drafts/3/edit", [("title", "Why SQLite"), ("body", "One file."), ("intent", "publish")], as: session, fragment: true)
            #expect(response.status == .ok)
            #expect(response.headers[Self.redirectHeader] == "/blogs/73")
            #expect(try await site.anyBlog(73)?.body == "One file.")
        }
    }

    @Test("publishing straight from the new-draft form creates and publishes in one go")
    func createAndPublish() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/drafts/new", [("title", "Quick"), ("body", "Post."), ("intent", "publish")], as: session)
            #expect(response.headers[.location] == "/blogs/73")
            #expect(try await site.allDrafts().count == 3)
        }
    }

    @Test("a new draft refused for publishing is still saved, and the form then edits it")
    func createAndPublishRefused() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/drafts/new", [("title", "Only a title"), ("body", ""), ("intent", "publish")], as: session)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("action=\"/drafts/4/edit\""))
            #expect(try await site.allDrafts().last?.title == "Only a title")
            #expect(try await site.anyBlog(73) == nil)
        }
    }

    @Test("the flow refuses without writing and finds only the author's drafts")
    func flowRules() async throws {
        let site = try await TestSite()
        let database = site.profileDatabase
        let refused = try await PublishDraftFlow.run(draft: 2, title: "", body: "", by: 1, database: database, at: TestSite.now)
        #expect(refused == .refused([.title: "Give the post a title before publishing.", .body: "Write something before publishing."]))
        await #expect(throws: RequestError.notFound()) {
            try await PublishDraftFlow.run(draft: 1, title: "T", body: "B", by: 2, database: database, at: TestSite.now)
        }
        let published = try await PublishDraftFlow.run(draft: 3, title: "T", body: "B", by: 1, database: database, at: TestSite.now)
        #expect(published == .published(.init(draftID: 3, blogID: 73)))
        #expect(try await site.allDrafts().map(\.id) == [1, 2])
        try? FileManager.default.removeItem(at: site.folder)
    }
}
