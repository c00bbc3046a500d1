import Tessera

// MARK: - CommentListComponent

/// A post's comments, newest first, a page at a time with its own "Load more" (``Pagination``:
/// `?page=N` without JavaScript, appended in place and `?through=N` with it). One query.
final class CommentListComponent: Component<CommentListComponent.Model>, @unchecked Sendable {
    /// A post's comments are the same for everyone (the one just posted is marked only in the action's answer).
    override class var caching: FragmentCaching { .shared }
    override var fragmentQuery: [(String, String)] { pagination.query }

    // MARK: - Configuration

    private let thread: CommentThread
    private let pageSize: Int
    private let userURL: @Sendable (Int64) -> String

    /// The comments of `thread`'s post, `pageSize` a page (default 5), authors linking to
    /// `userURL(id)`.
    init(id: String, thread: CommentThread, pageSize: Int = 5, userURL: @escaping @Sendable (Int64) -> String) {
        self.thread = thread
        self.pageSize = pageSize
        self.userURL = userURL
        super.init(id: id)
    }

    // MARK: - State

    private var pagination = Pagination()
    private var comments: [CommentItem] = []
    private var hasMore = false

    // MARK: - Life cycle

    /// Reads `?page=` or `?through=` (a bad value is a 400), then those comments. After a new
    /// comment, the first page is shown, where it stands.
    override func load(_ scope: RequestScope) async throws {
        pagination = thread.postedID == nil ? try Pagination(scope.query) : Pagination()
        (comments, hasMore) = try await CommentStore(database: scope.database).range(
            of: thread.blogID, offset: pagination.offset(size: pageSize), limit: pagination.limit(size: pageSize))
    }

    override func viewModel() -> Model {
        Model(
            pager: pagination.pager(sceneURL: sceneURL, fragmentURL: fragmentURL(query:), hasMore: hasMore, noun: "comments"),
            comments: ArrayDataSource(
                items: comments, cell: CommentCell(userURL: userURL, postedID: thread.postedID),
                emptyState: EmptyState(pagination.first == 1 ? "No comments yet." : "No more comments.")))
    }

    /// The values the template reads: the pager's, then the list's.
    @TemplateModel
    struct Model {
        @TemplateIncluded let pager: Pager
        let comments: ArrayDataSource<CommentCell>
        var isEmpty: Bool { comments.isEmpty }
    }
}
