import Tessera
import Testing

@testable import TesseraDemo

/// Blogs and likes on both databases.
@Suite("Blog store")
struct BlogStoreTests {
    // MARK: - Reading

    @Test("the feed lists published blogs newest first with their authors, page by page")
    func feedPages() async throws {
        try await DemoDatabases.seeded { database in
            let store = BlogStore(database: database)
            let first = try await store.feed(offset: 0, limit: 8)
            #expect(first.items.map(\.blog.id) == Array((65...72).reversed()))
            #expect(first.items.first?.authorName == "Alan Kay")
            #expect(first.hasMore)
            let last = try await store.feed(offset: 64, limit: 8)
            #expect(last.items.count == 6, "70 published: the two trashed are left out")
            #expect(!last.hasMore)
            #expect(!last.items.contains { $0.blog.trashedAt != nil })
        }
    }

    @Test("a member's range, a post's page (its author, likes and comments in one read) and a blog leave out the trash")
    func singleReads() async throws {
        try await DemoDatabases.seeded { database in
            let store = BlogStore(database: database)
            let demo = try await store.range(of: 1, offset: 0, limit: 20)
            #expect(demo.blogs.count == 10)
            #expect(!demo.hasMore)
            #expect(demo.blogs.map(\.id) == demo.blogs.map(\.id).sorted(by: >))
            let post = try #require(try await store.page(1, viewerID: 4))
            #expect(post.blog.title == "Small tools #1")
            #expect(post.item.authorName == "Demo Writer")
            #expect(post.blog.createdAt == DemoSeed.epoch)
            #expect(post.blog.likeCount == 3 && post.likedByViewer)
            #expect(try await store.page(1, viewerID: 2)?.likedByViewer == false)
            #expect(try await store.page(1, viewerID: nil)?.likedByViewer == false)
            #expect(try await store.page(72, viewerID: nil)?.commentCount == 7)
            #expect(try await store.page(71, viewerID: nil)?.commentCount == 2)
            #expect(try await store.page(7, viewerID: 1) == nil)
            #expect(try await store.blog(13) == nil)
            #expect(try await store.blog(2)?.userID == 2)
        }
    }

    @Test("a post's heading says whether the viewer likes it")
    func heading() async throws {
        try await DemoDatabases.seeded { database in
            let store = BlogStore(database: database)
            let liker = try await store.heading(1, viewerID: 4)
            let other = try await store.heading(1, viewerID: 2)
            let visitor = try await store.heading(1, viewerID: nil)
            let trashed = try await store.heading(7, viewerID: 1)
            #expect(liker == BlogHeading(title: "Small tools #1", likeCount: 3, likedByViewer: true))
            #expect(other?.likedByViewer == false)
            #expect(visitor?.likedByViewer == false)
            #expect(trashed == nil)
        }
    }

    // MARK: - Likes

    @Test("liking or unliking twice changes the count once, and returns it")
    func likesAreIdempotent() async throws {
        try await DemoDatabases.seeded { database in
            let store = BlogStore(database: database)
            var counts: [Int?] = []
            for (liked, userID) in [(true, 1), (true, 1), (true, 3), (false, 1), (false, 1)] as [(Bool, Int64)] {
                counts.append(try await store.setLike(liked, blog: 2, by: userID))
            }
            #expect(counts == [1, 1, 2, 1, 1])
            let rows = try await DemoDatabases.count("SELECT COUNT(*) FROM \"like\" WHERE blogID = 2", in: database)
            #expect(rows == 1)
            let missing = try await store.setLike(false, blog: 999, by: 1)
            #expect(missing == nil, "no such blog")
        }
    }

    @Test("40 members liking one post twice at once leave exactly 40 likes; half unliking twice leave 20")
    func concurrentLikesAreExact() async throws {
        try await DemoDatabases.seeded { database in
            let members = try await database.write { db in
                var ids: [Int64] = []
                for index in 0..<40 {
                    ids.append(
                        try await User.insert(
                            username: "member\(index)", displayName: "Member \(index)", bio: "", passwordHash: "x", createdAt: DemoSeed.epoch,
                            into: db))
                }
                return ids
            }
            let store = BlogStore(database: database)
            let twice = members + members
            _ = try await DemoDatabases.concurrently(twice.count) { try await store.setLike(true, blog: 2, by: twice[$0]) }
            #expect(try await store.heading(2, viewerID: nil)?.likeCount == 40)
            #expect(try await DemoDatabases.count("SELECT COUNT(*) FROM \"like\" WHERE blogID = 2", in: database) == 40)

            let leaving = Array(members.prefix(20))
            let leavingTwice = leaving + leaving
            _ = try await DemoDatabases.concurrently(leavingTwice.count) { try await store.setLike(false, blog: 2, by: leavingTwice[$0]) }
            #expect(try await store.heading(2, viewerID: nil)?.likeCount == 20)
            #expect(try await DemoDatabases.count("SELECT COUNT(*) FROM \"like\" WHERE blogID = 2", in: database) == 20)
        }
    }

    // MARK: - Writing

    @Test("only the author changes or trashes a published blog, once")
    func updateAndTrash() async throws {
        try await DemoDatabases.seeded { database in
            let store = BlogStore(database: database)
            #expect(try await store.update(1, by: 2, title: "Mine now", body: "x") == false)
            #expect(try await store.update(1, by: 1, title: "Renamed", body: "New body"))
            #expect(try await store.blog(1)?.title == "Renamed")
            #expect(try await store.update(7, by: 1, title: "Trashed", body: "x") == false, "in the trash")
            #expect(try await store.trash(1, by: 2, at: TestSite.now) == false)
            #expect(try await store.trash(1, by: 1, at: TestSite.now))
            #expect(try await store.trash(1, by: 1, at: TestSite.now) == false)
            #expect(try await store.blog(1) == nil)
            let trashed = try await TrashStore(database: database).trashedBlog(1, of: 1)
            #expect(trashed?.trashedAt == TestSite.now)
        }
    }
}
