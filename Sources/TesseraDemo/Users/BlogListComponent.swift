import Tessera

// MARK: - BlogListComponent

/// One member's published blogs, newest first, a page at a time, with its own "load more":
/// a plain link to `?page=N` that the client script turns into an append of this fragment.
/// One query per page, however many blogs there are.
final class BlogListComponent: Component, @unchecked Sendable {
    override var template: String { "Users/BlogListComponent" }
    override var fragmentQuery: [(String, String)] { page > 1 ? [("page", String(page))] : [] }

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

    private var page = 1
    private var blogs: [Blog] = []
    private var hasMore = false

    // MARK: - Life cycle

    /// Reads `?page=` (a bad value is a 400) and loads that page.
    override func load(_ scope: RequestScope) async throws {
        page = try scope.query.int("page", default: 1, in: 1...100_000)
        (blogs, hasMore) = try await BlogStore(database: scope.database).page(of: userID, page: page, size: pageSize)
    }

    override func viewModel() -> any ViewModel {
        let next = [("page", String(page + 1))]
        return [
            "hasBlogs": .bool(!blogs.isEmpty),
            "blogs": .fragment(ArrayDataSource(items: blogs, cell: ProfileBlogCell(blogURL: blogURL))),
            "emptyState": .fragment(page == 1 ? emptyState : EmptyState("No more posts.")),
            "moreURL": .optional(hasMore ? sceneURL + URLQuery.encode(next) : nil),
            "moreFragmentURL": .string(fragmentURL(query: next)),
        ]
    }
}
