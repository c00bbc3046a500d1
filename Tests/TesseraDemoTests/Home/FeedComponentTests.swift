import Foundation
import Testing

import Tessera
@testable import TesseraDemo

/// The feed's loading cost and its mixing rule.
@Suite("Feed component")
struct FeedComponentTests {
    @Test("loading the feed runs the same two queries whatever the page size (no N+1 for authors)")
    func queryCountDoesNotGrow() async throws {
        let site = try await TestSite()
        try await site.test { _ in
            // A first load warms GRDB's schema cache (its PRAGMAs would count once).
            _ = try await site.site.renderAlone(FeedComponent(links: .demo), scope: .standalone(site: site.site))
            var counts: [Int] = []
            for size in [4, 8, 16, 40] {
                let feed = try await site.site.renderAlone(FeedComponent(links: .demo, pageSize: size), scope: .standalone(site: site.site))
                #expect(feed.loadError == nil)
                counts.append(feed.queryCount)
            }
            #expect(counts == [2, 2, 2, 2])
        }
    }

    @Test("page 1 opens with the strip, then puts one photo after every four blogs")
    func firstPageOrder() {
        let page = FeedPage(number: 1, blogs: Self.blogs(8), photos: Self.photos(8), hasMore: true)
        let kinds = page.items.map(Self.kind)
        #expect(kinds == ["strip", "blog", "blog", "blog", "blog", "photo", "blog", "blog", "blog", "blog", "photo"])
        let strip = try? #require(page.items.first as? PhotoStrip)
        #expect(strip?.photos.map(\.id) == [1, 2, 3, 4, 5, 6])
        #expect((page.items[5] as? Photo)?.id == 7)
    }

    @Test("later pages have no strip and stop adding photos when they run out")
    func laterPages() {
        let page = FeedPage(number: 2, blogs: Self.blogs(8), photos: Self.photos(1), hasMore: false)
        #expect(page.items.map(Self.kind) == ["blog", "blog", "blog", "blog", "photo", "blog", "blog", "blog", "blog"])
    }

    @Test("a page without blogs has no items at all, so the empty state shows")
    func emptyPage() {
        #expect(FeedPage(number: 1, blogs: [], photos: Self.photos(8), hasMore: false).items.isEmpty)
    }

    @Test("photo windows continue after the strip without repeats", arguments: [
        (1, 8, 0, 8), (2, 8, 8, 2), (3, 8, 10, 2), (1, 16, 0, 10), (2, 16, 10, 4),
    ])
    func photoWindows(_ row: (Int, Int, Int, Int)) {
        let window = FeedPage.photoWindow(page: row.0, pageSize: row.1)
        #expect(window.offset == row.2 && window.limit == row.3)
    }

    // MARK: - Private

    static func kind(_ item: Any) -> String {
        if item is PhotoStrip { return "strip" }
        if item is BlogListItem { return "blog" }
        if item is Photo { return "photo" }
        return "?"
    }

    static func blogs(_ count: Int) -> [BlogListItem] {
        (0..<count).map { index in
            let blog = Blog(
                id: Int64(index + 1), userID: 1, title: "Post \(index)", body: "Body", likeCount: 0,
                createdAt: DemoSeed.epoch, trashedAt: nil)
            return BlogListItem(blog: blog, authorName: nil)
        }
    }

    static func photos(_ count: Int) -> [Photo] {
        (0..<count).map { Photo(id: Int64($0 + 1), userID: 1, title: "Photo \($0)", url: "/photos/photo-1.svg", createdAt: DemoSeed.epoch) }
    }
}
