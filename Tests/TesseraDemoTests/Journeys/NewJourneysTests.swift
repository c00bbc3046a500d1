import Foundation
import HTTPTypes
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// The journeys added for members: edit a post, delete a draft, edit the profile, a photo's
/// page, and starting a conversation.
@Suite("New journeys")
struct NewJourneysTests {
    // MARK: - Edit a published post

    @Test("the author edits a published post and sees the new text with a notice")
    func editPost() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let form = try await client.get("/blogs/1/edit", as: session)
            #expect(form.status == .ok)
            #expect(form.text.contains("action=\"/blogs/1/edit\""))
            let saved = try await client.post("/blogs/1/edit", [("title", "Edited <title>"), ("body", "New text.")], as: session)
            #expect(saved.headers[.location] == "/blogs/1")
            let page = try await client.get("/blogs/1", as: session).text
            #expect(page.contains("Edited &lt;title&gt;"))
            #expect(page.contains("Your changes are published."))
        }
    }

    @Test("an empty title is refused with the input kept, and nothing changes")
    func editPostRefused() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/blogs/1/edit", [("title", " "), ("body", "Kept body")], as: session)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("Kept body"))
            #expect(try await ContentFixtures.storedBlog(1, in: site)?.title != " ")
        }
    }

    @Test("someone else's post cannot be edited", arguments: ["/blogs/2/edit"])
    func editOthersPost(_ uri: String) async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            #expect(try await client.get(uri, as: session).status == .notFound)
            #expect(try await client.post(uri, [("title", "Mine now"), ("body", "x")], as: session).status == .notFound)
            #expect(try await ContentFixtures.storedBlog(2, in: site)?.title != "Mine now")
        }
    }

    // MARK: - Delete a draft

    @Test("deleting a draft removes it and says so on the profile")
    func deleteDraft() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            #expect(try await client.get("/drafts/1/edit", as: session).text.contains("action=\"/drafts/1/edit/delete\""))
            let response = try await client.post("/drafts/1/edit/delete", as: session)
            #expect(response.headers[.location] == "/users/1")
            #expect(try await site.allDrafts().allSatisfy { $0.id != 1 })
            #expect(try await client.get("/users/1", as: session).text.contains("was deleted."))
            #expect(try await client.post("/drafts/1/edit/delete", as: session).status == .notFound)
        }
    }

    @Test("an empty new draft is refused instead of becoming an Untitled draft")
    func emptyDraftRefused() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let before = try await site.allDrafts().count
            let response = try await client.post("/drafts/new", [("title", ""), ("body", "")], as: session)
            #expect(response.status == .badRequest)
            #expect(try await site.allDrafts().count == before)
        }
    }

    // MARK: - Edit the profile

    @Test("a member changes their display name and bio")
    func editProfile() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            #expect(try await client.get("/users/1", as: session).text.contains("href=\"/users/1/edit\""))
            let form = try await client.get("/users/1/edit", as: session)
            let response = try await client.submit(
                #"form[action="/users/1/edit"]"#, on: form, [("displayName", "Dee <W>"), ("bio", "Writes & reads.")], as: session)
            #expect(response.headers[.location] == "/users/1")
            let page = try await client.get("/users/1", as: session).text
            #expect(page.contains("<h1>Dee &lt;W&gt;</h1>"))
            #expect(page.contains("Writes &amp; reads."))
            #expect(page.contains("Your profile is saved."))
        }
    }

    @Test("profile limits are enforced and someone else's profile is a 404")
    func editProfileRefused() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let long = try await client.post("/users/1/edit", [("displayName", String(repeating: "x", count: 61)), ("bio", "")], as: session)
            #expect(long.status == .badRequest)
            #expect(try await client.post("/users/1/edit", [("displayName", "  "), ("bio", "")], as: session).status == .badRequest)
            #expect(try await client.get("/users/2/edit", as: session).status == .notFound)
            #expect(try await client.post("/users/2/edit", [("displayName", "Hacked"), ("bio", "")], as: session).status == .notFound)
        }
    }

    // MARK: - Photos

    @Test("a photo has its own page naming its author, and the gallery links to it")
    func photoPage() async throws {
        try await TestSite().test { client in
            #expect(try await client.get("/photos").text.contains("href=\"/photos/1\""))
            let page = try await client.get("/photos/2")
            #expect(page.status == .ok)
            #expect(page.text.contains("href=\"/users/2\""))
            #expect(try await client.get("/photos/999").status == .notFound)
            #expect(try await client.get("/photos/abc").status == .notFound)
        }
    }

    // MARK: - Conversations

    @Test("a profile offers Message to members, and /messages/new starts the conversation")
    func startConversation() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            #expect(try await client.get("/users/4", as: session).text.contains("href=\"/messages/new?to=4\""))
            #expect(!(try await client.get("/users/4").text.contains("/messages/new")))
            let form = try await client.get("/messages/new?to=4", as: session).text
            #expect(form.contains("<option value=\"4\" selected>"))
            let sent = try await client.post("/messages/new", [("to", "4"), ("text", "Hello Linus")], as: session)
            let location = try #require(sent.headers[.location])
            #expect(location.hasPrefix("/messages/"))
            #expect(try await client.get(location, as: session).text.contains("Hello Linus"))
            let again = try await client.post("/messages/new", [("to", "4"), ("text", "Second note")], as: session)
            #expect(again.headers[.location] == location)
        }
    }

    @Test("a message without a recipient or text is refused and nothing is created")
    func startConversationRefused() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let before = try await Journey.count("SELECT COUNT(*) FROM conversation", in: site)
            #expect(try await client.post("/messages/new", [("to", ""), ("text", "Hi")], as: session).status == .badRequest)
            #expect(try await client.post("/messages/new", [("to", "1"), ("text", "Me")], as: session).status == .badRequest)
            let refused = try await client.post("/messages/new", [("to", "3"), ("text", "   ")], as: session)
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("<option value=\"3\" selected>"), "the form comes back from the handler's state, members listed")
            #expect(refused.text.contains(">Linus Pauling</option>"))
            #expect(try await Journey.count("SELECT COUNT(*) FROM conversation", in: site) == before)
        }
    }
}
