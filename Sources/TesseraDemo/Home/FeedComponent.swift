import Tessera

// MARK: - FeedComponent

/// The home feed: one "Latest posts" section mixing blog cells, photo cells and a photo strip,
/// drawn by a ``SectionedDataSource``. It owns its pagination:
/// `?page=N` on the page, and a "Load more" link that appends the next page's items. A search
/// (`?q=`, the posts whose title holds it, without photos) is kept by every page of it.
@Component
struct FeedComponent {
    /// Everyone sees the same feed: a busy home page loads it about once per 50 ms. Its like
    /// buttons are its children, per viewer: loaded afresh (together) inside a reused feed.
    static var caching: FragmentCaching { .shared }
    /// Each post's like button (`feed-like-<post id>`), in its cell.
    static let like = ChildSlot("like", key: \BlogListItem.blog.id) { (feed: FeedComponent, blogID: Int64) in
        LikeButtonComponent(blogID: blogID, signInURL: feed.links.signIn)
    }

    // MARK: - Configuration

    /// Where its links lead.
    let links: FeedLinks
    /// Blogs per page.
    var pageSize = 8
    /// The search box: text a title must hold.
    static let search = TextField("q", maxScalars: 100)

    // MARK: - Life cycle

    /// Two queries whatever the page size and however many pages are shown (`?through=`):
    /// the blogs with their authors, the pages' photos.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let pagination = try Pagination(scope.query)
        let search = try scope.query.field(Self.search).checked()
        let (items, hasMore) = try await BlogStore(database: scope.database).feed(
            matching: search, offset: pagination.offset(size: pageSize), limit: pagination.limit(size: pageSize))
        let firstWindow = FeedPage.photoWindow(page: pagination.first, pageSize: pageSize)
        let lastWindow = FeedPage.photoWindow(page: pagination.last, pageSize: pageSize)
        let photos = search.isEmpty
            ? try await PhotoStore(database: scope.database).latest(
                limit: lastWindow.offset + lastWindow.limit - firstWindow.offset, offset: firstWindow.offset)
            : []
        let pages = (pagination.first...pagination.last).map { number -> FeedPage in
            let start = min((number - pagination.first) * pageSize, items.count)
            let window = FeedPage.photoWindow(page: number, pageSize: pageSize)
            let photoStart = min(window.offset - firstWindow.offset, photos.count)
            return FeedPage(
                number: number, blogs: Array(items[start..<min(start + pageSize, items.count)]),
                photos: Array(photos[photoStart..<min(photoStart + window.limit, photos.count)]), hasMore: hasMore)
        }
        return Model(
            pagination: pagination,
            search: search, searchURL: scope.sceneURL, searchMaxLength: Self.search.maxScalars,
            pager: pagination.pager(in: scope, hasMore: hasMore, noun: "posts"),
            feed: try makeDataSource(pages, pagination: pagination, search: search, scope: scope))
    }

    func fragmentQuery(for model: Model) -> [(String, String)] { model.pagination.query }

    /// The values the template reads: the pager's, then the feed.
    @TemplateModel
    struct Model {
        @TemplateIgnored let pagination: Pagination
        /// The search as typed ("" for none), where the search form goes, and its limit.
        let search: String
        let searchURL: String
        let searchMaxLength: Int
        @TemplateIncluded let pager: Pager
        let feed: SectionedDataSource<StandardSection>?
    }

    // MARK: - Data source

    /// The feed's one section: each page's items, drawn by a cell per kind of item (adding a
    /// kind is one more line).
    private func makeDataSource(_ pages: [FeedPage], pagination: Pagination, search: String, scope: ComponentScope<Self>) throws
        -> SectionedDataSource<StandardSection>
    {
        let sceneURL = scope.sceneURL
        let emptyState =
            !search.isEmpty
            ? EmptyState("No post's title holds “\(search)”.", action: (label: "Show every post", url: sceneURL))
            : pagination.first == 1
                ? EmptyState("No posts yet.", action: (label: "Write the first one", url: links.write))
                : EmptyState("No more posts.", action: (label: "Back to the newest", url: sceneURL))
        let section = DataSourceSection(
            id: "latest-posts",
            header: FeedHeader(title: "Latest posts", subtitle: nil),
            items: pages.flatMap(\.items),
            footer: FeedFooter(label: "Browse all photos", url: links.photos),
            emptyState: emptyState)
        return try SectionedDataSource(sections: [section]) {
            BlogCell(blogURL: links.blog, userURL: links.user)
            PhotoCell(photoURL: links.photo)
            PhotoStripCell(title: "Recent photos", galleryURL: links.photos, photoURL: links.photo)
            FeedHeaderCell()
            FeedFooterCell()
        }
    }
}
