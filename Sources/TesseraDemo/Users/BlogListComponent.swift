import Tessera

// MARK: - BlogListComponent

/// One member's published blogs, newest first, a page at a time, with its own "load more":
/// a plain link to `?page=N` that the client script turns into an append of this fragment
/// (and `?through=N` in the address bar, see ``Pagination``). One query, however many blogs
/// there are.
final class BlogListComponent: AnyComponent, @unchecked Sendable {
    override var template: String { "Users/BlogListComponent" }
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

    override func viewModel() -> any ViewModel {
        var values = pagination.values(sceneURL: sceneURL, fragmentURL: fragmentURL(query:), hasMore: hasMore, noun: "posts")
        values["hasBlogs"] = .bool(!blogs.isEmpty)
        values["blogs"] = .fragment(ArrayDataSource(items: blogs, cell: ProfileBlogCell(blogURL: blogURL)))
        values["emptyState"] = .fragment(pagination.first == 1 ? emptyState : EmptyState("No more posts."))
        return values
    }
}
