import Tessera

// MARK: - BlogListComponent

/// One member's published blogs, newest first, a page at a time, with its own "load more":
/// a plain link to `?page=N` that the client script turns into an append of this fragment
/// (and `?through=N` in the address bar, see ``Pagination``). One query, however many blogs
/// there are.
final class BlogListComponent: Component<BlogListComponent.Model>, @unchecked Sendable {
    /// The owner sees their own empty state; everyone else the same list.
    override class var caching: FragmentCaching { .perUser }
    override var fragmentQuery: [(String, String)] { pagination.query }

    // MARK: - Configuration

    private let userID: Int64
    private let pageSize: Int
    private let blogURL: @Sendable (Int64) -> String
    private let emptyState: EmptyState

    /// The blogs of `userID`, `pageSize` a page, each linking to `blogURL(id)`; `emptyState`
    /// when there are none.
    init(
        id: String, userID: Int64, pageSize: Int = 10, blogURL: @escaping @Sendable (Int64) -> String,
        emptyState: EmptyState = EmptyState("No posts yet.")
    ) {
        self.userID = userID
        self.pageSize = pageSize
        self.blogURL = blogURL
        self.emptyState = emptyState
        super.init(id: id)
    }

    // MARK: - State

    private var pagination = Pagination()
    private var blogs: [Blog] = []
    private var hasMore = false

    // MARK: - Life cycle

    /// Reads `?page=` or `?through=` (a bad value is a 400) and loads those pages.
    override func load(_ scope: RequestScope) async throws {
        pagination = try Pagination(scope.query)
        (blogs, hasMore) = try await BlogStore(database: scope.database).range(
            of: userID, offset: pagination.offset(size: pageSize), limit: pagination.limit(size: pageSize))
    }

    override func viewModel() -> Model {
        Model(
            pager: pagination.pager(sceneURL: sceneURL, fragmentURL: fragmentURL(query:), hasMore: hasMore, noun: "posts"),
            blogs: ArrayDataSource(
                items: blogs, cell: ProfileBlogCell(blogURL: blogURL),
                emptyState: pagination.first == 1 ? emptyState : EmptyState("No more posts.")))
    }

    /// The values the template reads: the pager's, then the list's.
    @TemplateModel
    struct Model {
        @TemplateIncluded let pager: Pager
        let blogs: ArrayDataSource<ProfileBlogCell>
        var isEmpty: Bool { blogs.isEmpty }
    }
}
