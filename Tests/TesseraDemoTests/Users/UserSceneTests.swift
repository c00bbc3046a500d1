import Foundation
import HTTPTypes
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// `GET /users/:id`: the profile, composed of user info and blog list, plus drafts and trash
/// summary on your own.
@Suite("Profile")
struct UserSceneTests {
    @Test("someone else's profile shows who they are and their newest ten posts with a load-more link")
    func otherProfile() async throws {
        try await TestSite().test { client in
            let response = try await client.get("/users/2")
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<h1>Ada Lovelace</h1>"))
            #expect(html.contains("12 posts"))
            #expect(html.components(separatedBy: "class=\"blog-cell\"").count - 1 == 10)
            #expect(html.contains("href=\"/users/2?page=2\" data-tessera-fragment=\"/users/2/_/blog-list?page=2\""))
            #expect(!html.contains("id=\"drafts\""))
            #expect(!html.contains("id=\"trash-summary\""))
            Snapshot.expectMatch(html, named: "profile-other")
        }
    }

    @Test("blogs are listed newest first and link to their pages")
    func newestFirst() async throws {
        try await TestSite().test { client in
            let html = try await client.get("/users/2").text
            let newest = try #require(html.range(of: "href=\"/blogs/68\""))
            let older = try #require(html.range(of: "href=\"/blogs/62\""))
            #expect(newest.lowerBound < older.lowerBound)
            #expect(!html.contains("href=\"/blogs/8\""), "the eleventh post is on page 2")
        }
    }

    @Test("a signed-in member looking at someone else's profile gets no drafts or trash")
    func signedInOtherProfile() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let html = try await client.get("/users/2", as: session).text
            #expect(html.contains("<h1>Ada Lovelace</h1>"))
            #expect(!html.contains("Your drafts"))
            #expect(!html.contains("id=\"trash-summary\""))
        }
    }

    @Test("a visitor looking at the demo profile sees no drafts or trash")
    func visitorDemoProfile() async throws {
        try await TestSite().test { client in
            let html = try await client.get("/users/1").text
            #expect(html.contains("<h1>Demo Writer</h1>"))
            #expect(!html.contains("Your drafts"))
            #expect(!html.contains("Notes on Mustache"))
            #expect(!html.contains("in the trash"))
        }
    }

    @Test("your own profile adds your drafts and a trash summary")
    func ownProfile() async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            let response = try await client.get("/users/1", as: session)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("href=\"/drafts/1/edit\">Notes on Mustache</a>"))
            #expect(html.contains("href=\"/drafts/new\">Write a new post</a>"))
            #expect(html.contains("2 posts in the trash."))
            #expect(html.contains("href=\"/trash\""))
            #expect(html.contains("10 posts"), "trashed posts are not counted")
            #expect(!html.contains("Load more"), "ten published posts fit on one page")
            Snapshot.expectMatch(html, named: "profile-own")
        }
    }

    @Test("your own profile with nothing published, no drafts and an empty trash shows empty states")
    func ownProfileEmpty() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await site.site.database.write { db in
                try await db.execute("DELETE FROM draft")
                try await db.execute("DELETE FROM blog WHERE userID = 1")
            }
            let session = try await client.signIn()
            let html = try await client.get("/users/1", as: session).text
            #expect(html.contains("You have not published anything yet."))
            #expect(html.contains("No drafts yet."))
            #expect(html.contains("Your trash is empty."))
            #expect(html.contains("0 posts"))
            Snapshot.expectMatch(html, named: "profile-own-empty")
        }
    }

    @Test("a member with no posts shows the empty blog list")
    func emptyBlogList() async throws {
        let site = try await TestSite()
        try await site.test { client in
            let id = try await site.addQuietMember()
            let response = try await client.get("/users/\(id)")
            #expect(response.status == .ok)
            #expect(response.text.contains("No posts yet."))
            #expect(!response.text.contains("data-items"))
            Snapshot.expectMatch(response.text, named: "profile-empty-blog-list")
        }
    }

    @Test("the last page has the remaining posts and no load-more link")
    func lastPage() async throws {
        try await TestSite().test { client in
            let html = try await client.get("/users/2?page=2").text
            #expect(html.components(separatedBy: "class=\"blog-cell\"").count - 1 == 2)
            #expect(html.contains("href=\"/blogs/8\""))
            #expect(html.contains("href=\"/blogs/2\""))
            #expect(!html.contains("Load more"))
            Snapshot.expectMatch(html, named: "profile-last-page")
        }
    }

    @Test("page 2 as a fragment is the blog list alone, carrying its page, for appending")
    func fragmentPage2() async throws {
        try await TestSite().test { client in
            let response = try await client.get("/users/2/_/blog-list?page=2")
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.hasPrefix("<section id=\"blog-list\" data-component=\"blog-list\" data-src=\"/users/2/_/blog-list?page=2\">"))
            #expect(!html.contains("<html"))
            #expect(html.contains("data-items"))
            Snapshot.expectMatch(html, named: "profile-fragment-page-2")
        }
    }

    @Test("a page past the end says there is nothing more")
    func pastTheEnd() async throws {
        try await TestSite().test { client in
            let html = try await client.get("/users/2?page=9").text
            #expect(html.contains("No more posts."))
            #expect(!html.contains("Load more"))
        }
    }

    @Test("unknown or malformed user ids are 404 pages", arguments: [
        "/users/999", "/users/abc", "/users/0", "/users/-1", "/users/99999999999999999999", "/users/999/_/blog-list",
        "/users/1/_/no-such-component",
    ])
    func unknownUser(_ uri: String) async throws {
        try await TestSite().test { client in
            let response = try await client.get(uri)
            #expect(response.status == .notFound)
        }
    }

    @Test("the own-profile parts are not reachable as fragments of someone else's view", arguments: [
        "/users/1/_/drafts", "/users/1/_/trash-summary",
    ])
    func ownPartsHidden(_ uri: String) async throws {
        try await TestSite().test { client in
            let session = try await client.signIn()
            #expect(try await client.get(uri, as: session).status == .ok, "the owner gets them")
            let visitor = try await client.get(uri)
            #expect(visitor.status == .notFound)
            #expect(!visitor.text.contains("Notes on Mustache"))
        }
    }

    @Test("a bad page number is a 400", arguments: ["/users/2?page=0", "/users/2?page=abc", "/users/2/_/blog-list?page=-3"])
    func badPage(_ uri: String) async throws {
        try await TestSite().test { client in
            let response = try await client.get(uri)
            #expect(response.status == .badRequest)
        }
    }

    @Test("the blog list runs one query however many blogs the member has")
    func blogListQueryCount() async throws {
        let site = try await TestSite()
        func queries() async throws -> Int {
            let component = BlogListComponent(userID: 2, blogURL: DemoURLs.blog)
            return try await site.site.renderAlone(component, id: "blog-list", sceneURL: "/users/2", scope: .standalone(site: site.site))
                .queryCount
        }
        _ = try await queries()  // a fresh connection first reads the schema
        let before = try await queries()
        try await site.site.database.write { db in
            for index in 0..<200 {
                try await Blog.insert(userID: 2, title: "Extra \(index)", body: "Text", createdAt: DemoSeed.hours(200 + index), into: db)
            }
        }
        let after = try await queries()
        #expect(before == 1)
        #expect(after == before)
        try? FileManager.default.removeItem(at: site.folder)
    }

    @Test("the profile's lists each run one query; its card runs none (the scene read the member and the counts)")
    func componentQueryCounts() async throws {
        let site = try await TestSite()
        let (user, counts, _) = try #require(try await UserStore(database: site.profileDatabase).profile(1))
        func queries() async throws -> [Int] {
            func count(_ component: some Component) async throws -> Int {
                try await site.site.renderAlone(component, sceneURL: "/users/1", scope: .standalone(site: site.site, userID: 1))
                    .queryCount
            }
            return [
                try await count(UserInfoComponent(user: user, counts: counts)),
                try await count(DraftListComponent(userID: 1, editURL: DemoURLs.editDraft, newDraftURL: DemoURLs.newDraft)),
                try await count(TrashSummaryComponent(userID: 1, trashURL: DemoURLs.trash)),
            ]
        }
        _ = try await queries()  // a fresh connection first reads the schema
        #expect(try await queries() == [0, 1, 1])
        try? FileManager.default.removeItem(at: site.folder)
    }

    @Test("the composition is decided by who is signed in")
    func composition() async throws {
        #expect(ProfileComposition(viewerID: 1, profileID: 1) == .own)
        #expect(ProfileComposition(viewerID: 2, profileID: 1) == .visitor)
        #expect(ProfileComposition(viewerID: nil, profileID: 1) == .visitor)
        let site = try await TestSite()
        defer { site.app.removeFiles() }
        func components(seenBy viewerID: Int64?) async throws -> [String] {
            let scope = RequestScope.standalone(site: site.site, path: "/users/1", parameters: [("id", "1")], userID: viewerID)
            let body = try await site.site.renderAlone(UserScene.self, scope: scope).html
            // The scene's own components: not the like buttons its blog list holds.
            return HTMLDocument(body).select("[data-component]").compactMap { $0.attributes["id"] }.filter { !$0.contains("-like-") }
        }
        #expect(try await components(seenBy: 1) == ["user-info", "blog-list", "drafts", "trash-summary"])
        #expect(try await components(seenBy: 2) == ["user-info", "blog-list"])
        #expect(try await components(seenBy: nil) == ["user-info", "blog-list"])
    }

    @Test("initials come from the display name")
    func initials() {
        func user(_ name: String) -> User {
            User(id: 1, username: "x", displayName: name, bio: "", passwordHash: "", createdAt: DemoSeed.epoch)
        }
        #expect(user("Demo Writer").initials == "DW")
        #expect(user("ada").initials == "A")
        #expect(user("Grace Brewster Hopper").initials == "GB")
        #expect(user("  ").initials == "?")
    }
}
