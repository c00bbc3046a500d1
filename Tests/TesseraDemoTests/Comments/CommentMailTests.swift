import Foundation
import Tessera
import TesseraTesting
import Testing

@testable import TesseraDemo

/// Mail the demo sends after the response: a comment to the post's author, the daily digest.
@Suite("Comment and digest mail")
struct CommentMailTests {
    @Test("a comment mails the post's author once; their own comments and a member who opted out get none")
    func commentMail() async throws {
        let site = try await TestSite()
        try await site.giveDemoAnAddress()
        let post = try await site.post(by: "demo", title: "Gardens <at> night", hoursAgo: 2)
        try await site.test { client in
            let grace = try await site.signInAsGrace(client)
            let demo = try await client.signIn()
            let comment = "Lovely & <b>bold</b> — more please"
            #expect(try await client.post("/blogs/\(post)/comments", [("text", comment)], as: grace).status == .seeOther)
            #expect(try await client.post("/blogs/\(post)/comments", [("text", "Thanks, all!")], as: demo).status == .seeOther)
            try await site.app.runJobs()
            #expect(site.app.mails.count == 1)
            let mail = try #require(site.app.mails.first)
            #expect(mail.to == [MailAddress(PasswordResetTests.address)!])
            #expect(mail.subject == "Grace Hopper commented on “Gardens <at> night”")
            #expect(mail.text.contains(comment))
            #expect(mail.text.contains(site.site.absoluteURL("/blogs/\(post)")))
            let html = HTMLDocument(try #require(mail.html))
            #expect(html.first("blockquote")?.text == comment)
            #expect(html.select("blockquote b").isEmpty)

            try await site.site.database.write { db in
                try await db.execute("INSERT INTO profile_details (userID, website, birthday, shown, audience, acceptsMessages, postsPerPage, mails) VALUES (1, '', '', '', 'everyone', 1, 10, '')")
            }
            #expect(try await client.post("/blogs/\(post)/comments", [("text", "Another one")], as: grace).status == .seeOther)
            try await site.app.runJobs()
            #expect(site.app.mails.count == 1, "no mail once the author unticked it")
        }
    }

    @Test("the daily digest goes once to members who asked for it, with the day's posts but their own")
    func dailyDigest() async throws {
        let site = try await TestSite()
        try await site.giveDemoAnAddress()
        try await site.site.database.write { db in
            let user = db.dialect.quoted("user")
            try await db.execute("UPDATE \(user) SET email = 'grace@example.test' WHERE username = 'grace'")
            try await db.execute("INSERT INTO profile_details (userID, website, birthday, shown, audience, acceptsMessages, postsPerPage, mails) VALUES (1, '', '', '', 'everyone', 1, 10, 'comments,digest')")
        }
        _ = try await site.post(by: "grace", title: "Compilers today", hoursAgo: 3)
        _ = try await site.post(by: "demo", title: "My own post", hoursAgo: 4)
        _ = try await site.post(by: "grace", title: "Too old for the digest", hoursAgo: 30)
        try await site.site.database.write { db in try await JobQueue.enqueue(DailyDigest(until: TestSite.now), in: db) }
        try await site.app.runJobs()
        let mails = site.app.mails
        #expect(mails.map(\.to) == [[MailAddress(PasswordResetTests.address)!]], "grace did not ask for it")
        let mail = try #require(mails.first)
        #expect(mail.subject == "1 new post")
        let html = HTMLDocument(try #require(mail.html))
        #expect(html.select("li a").map(\.text) == ["Compilers today"])
    }
}

extension TestSite {
    /// A post by `username`, published `hoursAgo` before the test's now; its id.
    func post(by username: String, title: String, hoursAgo: Double) async throws -> Int64 {
        try await site.database.write { db in
            let user = db.dialect.quoted("user")
            return try await db.insertReturningID(
                "INSERT INTO blog (userID, title, body, createdAt) SELECT id, ?, 'Text.', ? FROM \(user) WHERE username = ? RETURNING id",
                [title, TestSite.now.addingTimeInterval(-hoursAgo * 3600), username])
        }
    }

    /// Grace, signed in (with the demo's password).
    func signInAsGrace(_ client: TestClient) async throws -> TestSession {
        try await site.database.write { db in
            let user = db.dialect.quoted("user")
            try await db.execute("UPDATE \(user) SET passwordHash = (SELECT passwordHash FROM \(user) WHERE username = 'demo') WHERE username = 'grace'")
        }
        return try await client.signIn("grace", password: "tessera-demo")
    }
}
