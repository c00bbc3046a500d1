import Tessera

// MARK: - BlogListComponent

/// One member's published blogs, newest first, a page at a time, with its own "load more":
/// a plain link to `?page=N` that the client script turns into an append of this fragment
/// (and `?through=N` in the address bar, see ``Pagination``). One query, however many blogs
/// there are.
@Component
struct BlogListComponent {
    /// The owner sees their own empty state; everyone else the same list. Its like buttons are
    /// its children, per viewer: loaded afresh (together) inside a reused list.
    static var caching: FragmentCaching { .perUser }
    /// Each post's like button (`blog-list-like-<post id>`), in its cell.
    static let like = ChildSlot("like", key: \Blog.id) { (list: BlogListComponent, blogID: Int64) in
        LikeButtonComponent(blogID: blogID, signInURL: list.signInURL)
    }

    // MARK: - Configuration

    /// Whose blogs.
    let userID: Int64
    /// Blogs per page.
    var pageSize = 10
    /// Where each blog links.
    let blogURL: @Sendable (Int64) -> String
    /// Shown when there are none.
    var emptyState = EmptyState("No posts yet.")
    /// Where visitors sign in to like a post.
    var signInURL = DemoURLs.signIn

    // MARK: - Life cycle

    /// Reads `?page=` or `?through=` (a bad value is a 400) and loads those pages.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let pagination = try Pagination(scope.query)
        let (blogs, hasMore) = try await BlogStore(database: scope.database).range(
            of: userID, offset: pagination.offset(size: pageSize), limit: pagination.limit(size: pageSize))
        return Model(
            pagination: pagination,
            pager: pagination.pager(in: scope, hasMore: hasMore, noun: "posts"),
            blogs: ArrayDataSource(
                items: blogs,
                cell: ProfileBlogCell(blogURL: blogURL),
                emptyState: pagination.first == 1 ? emptyState : EmptyState("No more posts.")))
    }

    func fragmentQuery(for model: Model) -> [(String, String)] { model.pagination.query }

    /// The values the template reads: the pager's, then the list's.
    @TemplateModel
    struct Model {
        @TemplateIgnored let pagination: Pagination
        @TemplateIncluded let pager: Pager
        let blogs: ArrayDataSource<ProfileBlogCell>
        var isEmpty: Bool { blogs.isEmpty }
    }
}
