import Foundation
import HTTPTypes
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// `GET /messages/:id` and sending text with `POST /messages/:id`.
@Suite("Conversation page")
struct ConversationSceneTests {
    @Test("a participant sees each message drawn by its kind's cell, theirs and mine marked")
    func conversationPage() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let response = try await client.get("/messages/1", as: session)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<h1>Ada Lovelace</h1>"))
            #expect(html.contains("<li class=\"message message-theirs\" id=\"message-1\">"))
            #expect(html.contains("<li class=\"message message-mine\" id=\"message-2\">"))
            #expect(html.contains("<li class=\"message message-image message-theirs\" id=\"message-3\">"))
            #expect(html.contains("<img src=\"/photos/photo-1.svg\" alt=\"The harbour this morning\">"))
            #expect(html.contains("Beautiful. &lt;b&gt;Tags&lt;/b&gt;"))
            #expect(html.contains("enctype=\"multipart/form-data\""))
            #expect(html.contains("action=\"/messages/1\""))
            Snapshot.expectMatch(html, named: "conversation")
        }
    }

    @Test("the second conversation shows Grace's image message")
    func secondConversation() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let response = try await client.get("/messages/2", as: session)
            #expect(response.status == .ok)
            #expect(response.text.contains("<img src=\"/photos/photo-7.svg\" alt=\"Lanterns\">"))
            #expect(!response.text.contains("message-mine"))
        }
    }

    @Test("sending text with a plain post stores it and redirects back to the conversation")
    func sendsTextPlainPost() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await MessagingTestSupport.postMultipart(
                client, "/messages/1", fields: [("text", "  Hello <i>Ada</i>  ")], as: session)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/messages/1")
            let last = try #require(try await MessagingTestSupport.messages(in: 1, of: site).last)
            #expect(last.body == "Hello <i>Ada</i>")
            #expect(last.kind == .text)
            #expect(last.senderID == 1)
            #expect(last.createdAt == TestSite.now)
            let page = try await client.get("/messages/1", as: session)
            #expect(page.text.contains("<p>Hello &lt;i&gt;Ada&lt;/i&gt;</p>"))
        }
    }

    @Test("a URL-encoded post (no file input at all) sends text too")
    func sendsTextURLEncoded() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/messages/2", [("text", "Thirty centimetres!")], as: session)
            #expect(response.status == .seeOther)
            #expect(try await MessagingTestSupport.messages(in: 2, of: site).last?.body == "Thirty centimetres!")
        }
    }

    @Test("a fragment post answers with the cleared composer and the updated message list")
    func sendsTextFragmentPost() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await MessagingTestSupport.postMultipart(
                client, "/messages/1", fields: [("text", "Fragment hello")], as: session, fragment: true)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.hasPrefix("<section id=\"composer\" data-component=\"composer\""))
            #expect(html.contains("<section id=\"messages\" data-component=\"message-list\""))
            #expect(html.contains("<p>Fragment hello</p>"))
            #expect(!html.contains("<html"))
            #expect(try await MessagingTestSupport.messages(in: 1, of: site).count == 5)
            Snapshot.expectMatch(html, named: "send-fragment")
        }
    }

    @Test("empty or blank text is refused with 400, the page shown again and nothing stored")
    func refusesEmptyText() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await MessagingTestSupport.postMultipart(
                client, "/messages/1", fields: [("text", "   \n ")], as: session)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("aria-describedby=\"composer-text-error\""))
            #expect(response.text.contains("Write a message first."))
            #expect(try await MessagingTestSupport.messages(in: 1, of: site).count == 4)
            Snapshot.expectMatch(response.text, named: "send-empty")
        }
    }

    @Test("text over 2,000 characters is refused with the typed text kept; 2,000 is accepted")
    func refusesTooLongText() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let long = String(repeating: "a", count: 2000) + "<b>"
            let refused = try await MessagingTestSupport.postMultipart(client, "/messages/1", fields: [("text", long)], as: session)
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains(String(repeating: "a", count: 2000) + "&lt;b&gt;</textarea>"))
            #expect(refused.text.contains("Keep this to 2000 characters or fewer (it has 2003)."))
            #expect(try await MessagingTestSupport.messages(in: 1, of: site).count == 4)

            let fragment = try await MessagingTestSupport.postMultipart(
                client, "/messages/1", fields: [("text", long)], as: session, fragment: true)
            #expect(fragment.status == .badRequest)
            #expect(fragment.text.hasPrefix("<section id=\"composer\""))
            #expect(!fragment.text.contains("id=\"messages\""))

            let exact = String(repeating: "b", count: 2000)
            let accepted = try await MessagingTestSupport.postMultipart(client, "/messages/1", fields: [("text", exact)], as: session)
            #expect(accepted.status == .seeOther)
            #expect(try await MessagingTestSupport.messages(in: 1, of: site).last?.body == exact)
        }
    }

    @Test("someone else's conversation, or a bad id, is a 404 to read and to post", arguments: [
        "/messages/3", "/messages/999", "/messages/0", "/messages/abc", "/messages/-1", "/messages/99999999999999999999",
    ])
    func othersConversationsAreNotFound(_ uri: String) async throws {
        let site = try await TestSite()
        try await MessagingTestSupport.addStrangersConversation(to: site)
        try await site.test { client in
            let session = try await client.signIn()
            let page = try await client.get(uri, as: session)
            #expect(page.status == .notFound)
            #expect(!page.text.contains("Private"))
            #expect(try await client.get(uri + "/_/messages", as: session).status == .notFound)
            let post = try await MessagingTestSupport.postMultipart(client, uri, fields: [("text", "Hi")], as: session)
            #expect(post.status == .notFound)
            #expect(try await MessagingTestSupport.messages(in: 3, of: site).count == 1)
        }
    }

    @Test("a visitor is sent to sign in for the page and gets 403 for a post")
    func signedOut() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let visitor = try await client.visit()
            let page = try await client.get("/messages/1", as: visitor)
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/signin?next=%2Fmessages%2F1")
            #expect(!page.text.contains("Did you try"))
            let post = try await MessagingTestSupport.postMultipart(client, "/messages/1", fields: [("text", "Hi")], as: visitor)
            #expect(post.status == .forbidden)
            #expect(try await MessagingTestSupport.messages(in: 1, of: site).count == 4)
        }
    }

    @Test("a post without the CSRF token changes nothing")
    func csrf() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/messages/1", [("text", "Hi")], as: session, token: "")
            #expect(response.status == .forbidden)
            #expect(try await MessagingTestSupport.messages(in: 1, of: site).count == 4)
        }
    }
}
