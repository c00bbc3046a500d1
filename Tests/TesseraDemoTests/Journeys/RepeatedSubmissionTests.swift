import Foundation
import HTTPTypes
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// A form sent twice (a double-click, a retry) runs its action once: the `_once` token.
@Suite("Repeated submissions")
struct RepeatedSubmissionTests {
    @Test("sending the same message form twice stores one message, and the repeat goes where the first went")
    func repeatedMessage() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let page = try await client.get("/messages/new?to=3", as: session).text
            let once = Journey.onceToken(in: page)
            #expect(once.count == 64)
            let fields = [("_once", once), ("to", "4"), ("text", "Only once, please")]
            let first = try await client.post("/messages/new", fields, as: session)
            let second = try await client.post("/messages/new", fields, as: session)
            #expect(first.status == .seeOther)
            #expect(second.status == .seeOther)
            #expect(second.headers[.location] == first.headers[.location])
            #expect(try await Journey.count("SELECT COUNT(*) FROM message WHERE body = 'Only once, please'", in: site) == 1)
        }
    }

    @Test("another member's one-time token, sent through another process, runs as their own submission and tells them nothing of the first (SQLite, PostgreSQL)")
    func tokenBelongsToItsSession() async throws {
        try await TestSite.onTwoProcesses(Self.tokenBelongsToItsSession)
    }

    /// The demo member posts a draft through `first`; another member sends the same `_once`
    /// token through `second`, a process on the same database.
    private static func tokenBelongsToItsSession(_ first: TestSite, _ second: TestSite) async throws {
        try await first.test(keepingFiles: true) { one in
            try await second.test { two in
                let demo = try await one.signIn()
                let other = try await RouteAuthorizationTests.signUp(two)
                let once = Journey.onceToken(in: try await one.get("/drafts/new", as: demo).text)
                let mine = try await one.post("/drafts/new", [("_once", once), ("title", "Demo's"), ("body", "Mine.")], as: demo)
                let theirs = try await two.post("/drafts/new", [("_once", once), ("title", "Mallory's"), ("body", "Theirs.")], as: other)
                #expect(mine.status == .seeOther && theirs.status == .seeOther)
                let (mineURL, theirsURL) = (try #require(mine.headers[.location]), try #require(theirs.headers[.location]))
                #expect(mineURL != theirsURL, "the second member is not sent to the first one's draft")
                #expect(try await Journey.count("SELECT COUNT(*) FROM draft WHERE title = 'Mallory''s'", in: first) == 1)
                #expect(try await two.get(theirsURL, as: other).status == .ok)
                #expect(try await two.get(mineURL, as: other).status == .notFound)
                // The same session sending it again, through the other process, is a repeat.
                let again = try await two.post("/drafts/new", [("_once", once), ("title", "Demo's"), ("body", "Mine.")], as: demo)
                #expect(again.headers[.location] == mineURL)
                #expect(try await Journey.count("SELECT COUNT(*) FROM draft WHERE title = 'Demo''s'", in: first) == 1)
            }
        }
    }

    @Test("a repeated comment from the client script creates one comment")
    func repeatedCommentFragment() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let once = Journey.onceToken(in: try await client.get("/blogs/5", as: session).text)
            let fields = [("_once", once), ("text", "Double-clicked comment")]
            let first = try await client.post("/blogs/5/comments", fields, as: session, fragment: true)
            let second = try await client.post("/blogs/5/comments", fields, as: session, fragment: true)
            #expect(first.status == .ok)
            #expect(second.status == .ok)
            #expect(try await Journey.count("SELECT COUNT(*) FROM comment WHERE body = 'Double-clicked comment'", in: site) == 1)
        }
    }

    @Test("a refused submission releases its token, so the corrected form can be sent")
    func refusedThenCorrected() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let once = Journey.onceToken(in: try await client.get("/drafts/new", as: session).text)
            let refused = try await client.post("/drafts/new", [("_once", once), ("title", ""), ("body", "  ")], as: session)
            #expect(refused.status == .badRequest)
            let accepted = try await client.post("/drafts/new", [("_once", once), ("title", "Second try"), ("body", "")], as: session)
            #expect(accepted.status == .seeOther)
            #expect(try await Journey.count("SELECT COUNT(*) FROM draft WHERE title = 'Second try'", in: site) == 1)
        }
    }

    @Test("a made-up token is ignored, not an error", arguments: ["short", String(repeating: "g", count: 64)])
    func madeUpToken(_ token: String) async throws {
        let site = try await TestSite()
        try await site.test { client in
            let session = try await client.signIn()
            let response = try await client.post("/drafts/new", [("_once", token), ("title", "Made up")], as: session)
            #expect(response.status == .seeOther)
            #expect(try await Journey.count("SELECT COUNT(*) FROM draft WHERE title = 'Made up'", in: site) == 1)
        }
    }
}
