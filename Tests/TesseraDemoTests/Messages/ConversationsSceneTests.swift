import Foundation
import HTTPTypes
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// `GET /messages`: the conversation list.
@Suite("Conversations list")
struct ConversationsSceneTests {
    @Test("a member sees their conversations, latest activity first, with excerpts and links")
    func listsConversations() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let response = try await client.get("/messages", as: session)
            #expect(response.status == .ok)
            let html = response.text
            let grace = try #require(html.range(of: "href=\"/messages/2\">Grace Hopper</a>"))
            let ada = try #require(html.range(of: "href=\"/messages/1\">Ada Lovelace</a>"))
            #expect(grace.lowerBound < ada.lowerBound, "Grace's conversation has the latest message")
            #expect(html.contains("Image: Lanterns"))
            #expect(html.contains("You: Beautiful. &lt;b&gt;Tags&lt;/b&gt; in messages stay text, by the way."))
            #expect(html.contains("class=\"item-list conversation-list\""))
            Snapshot.expectMatch(html, named: "conversations")
        }
    }

    @Test("a member in no conversation sees the empty state")
    func emptyState() async throws {
        let site = try await TestSite()
        try await MessagingTestSupport.giveDemoPassword(to: "linus", in: site)
        try await site.test { client in
            let session = try await client.signIn("linus")
            let response = try await client.get("/messages", as: session)
            #expect(response.status == .ok)
            #expect(response.text.contains("No conversations yet."))
            #expect(!response.text.contains("class=\"item-list conversation-list\""))
            Snapshot.expectMatch(response.text, named: "conversations-empty")
        }
    }

    @Test("a visitor is sent to sign in, coming back to the messages")
    func visitorIsSentToSignIn() async throws {
        try await TestSite().test { client in
            let visitor = try await client.visit()
            let response = try await client.get("/messages", as: visitor)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/signin?next=%2Fmessages")
            #expect(!response.text.contains("Ada Lovelace"))
        }
    }

    @Test("the list's fragment renders alone for a member and is 404 for a visitor")
    func fragment() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let fragment = try await client.get("/messages/_/conversations", as: session)
            #expect(fragment.status == .ok)
            #expect(fragment.text.hasPrefix("<section id=\"conversations\" data-component=\"conversation-list\""))
            #expect(!fragment.text.contains("<html"))
            let visitor = try await client.visit()
            #expect(try await client.get("/messages/_/conversations", as: visitor).status == .forbidden)
        }
    }

    @Test("the list loads in one query however many conversations there are")
    func oneQuery() async throws {
        let site = try await TestSite()
        try await MessagingTestSupport.addStrangersConversation(to: site)
        defer { site.app.removeFiles() }
        let list = try await site.app.render(
            ConversationListComponent(viewerID: 2, conversationURL: DemoURLs.conversation), id: "conversations",
            sceneURL: "/messages", userID: 2)
        #expect(list.loadError == nil)
        #expect(list.queryCount == 1)
    }
}
