import Tessera

// MARK: - FeedComponent

/// The home feed: one "Latest posts" section mixing blog cells, photo cells and a photo strip,
/// drawn by a ``SectionedDataSource`` through a ``CellRegistry``. It owns its pagination:
/// `?page=N` on the page, and a "Load more" link that appends the next page's items.
final class FeedComponent: Component, @unchecked Sendable {
    override var template: String { "Home/FeedComponent" }
    override var fragmentQuery: [(String, String)] { page > 1 ? [("page", String(page))] : [] }

    /// The highest page number accepted.
    static let maxPage = 10_000

    // MARK: - Configuration

    private let links: FeedLinks
    /// Blogs per page.
    private let pageSize: Int

    // MARK: - State

    private var page = 1
    private var feed: FeedPage?
    private var dataSource: SectionedDataSource?

    /// A feed with `pageSize` blogs per page (default 8), linking through `links`.
    init(id: String, links: FeedLinks, pageSize: Int = 8) {
        self.links = links
        self.pageSize = pageSize
        super.init(id: id)
    }

    // MARK: - Life cycle

    /// Three queries whatever the page size: the blogs, their authors, the page's photos.
    override func load(_ scope: RequestScope) async throws {
        page = try scope.query.int("page", default: 1, in: 1...Self.maxPage)
        let (blogs, hasMore) = try await BlogStore(database: scope.database).page(page: page, size: pageSize)
        let authors = try await UserStore(database: scope.database).users(blogs.map(\.userID))
        let window = FeedPage.photoWindow(page: page, pageSize: pageSize)
        let photos = try await PhotoStore(database: scope.database).latest(limit: window.limit, offset: window.offset)
        let feed = FeedPage(number: page, blogs: BlogListItem.list(blogs, authors: authors), photos: photos, hasMore: hasMore)
        self.feed = feed
        dataSource = try makeDataSource(feed)
    }

    override func viewModel() -> any ViewModel {
        let next = [("page", String(page + 1))]
        let hasMore = feed?.hasMore ?? false
        return [
            "feed": dataSource.map { .fragment($0) } ?? .null,
            "moreURL": hasMore ? .string(sceneURL + URLQuery.encode(next)) : .null,
            "moreFragmentURL": .string(fragmentURL(query: next)),
        ]
    }

    // MARK: - Data source

    /// The renderers of every kind of item the feed shows: adding a kind is one more line.
    private var registry: CellRegistry {
        CellRegistry()
            .registering(BlogCell(blogURL: links.blog, userURL: links.user))
            .registering(PhotoCell())
            .registering(PhotoStripCell(title: "Recent photos", galleryURL: links.photos))
            .registering(FeedHeaderCell(), as: .header)
            .registering(FeedFooterCell(), as: .footer)
    }

    private func makeDataSource(_ feed: FeedPage) throws -> SectionedDataSource {
        let emptyState =
            feed.number == 1
            ? EmptyState("No posts yet.", action: (label: "Write the first one", url: links.write))
            : EmptyState("No more posts.", action: (label: "Back to the newest", url: sceneURL))
        let section = DataSourceSection(
            id: "latest-posts",
            header: FeedHeader(title: "Latest posts", subtitle: feed.number > 1 ? "Page \(feed.number)" : nil),
            items: feed.items,
            footer: FeedFooter(label: "Browse all photos", url: links.photos),
            emptyState: emptyState)
        return try SectionedDataSource(sections: [section], registry: registry)
    }
}
