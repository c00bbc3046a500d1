import Tessera

// MARK: - CommentListComponent

/// A post's comments, newest first, a page at a time with its own "Load more" (``Pagination``:
/// `?page=N` without JavaScript, appended in place and `?through=N` with it). One query.
@Component
struct CommentListComponent {
    /// A post's comments are the same for everyone.
    static var caching: FragmentCaching { .shared }
    /// An open post page shows a new comment, or a like, as it is made.
    static var live: Bool { true }

    // MARK: - Configuration

    /// The post.
    let blogID: Int64
    /// Comments per page.
    var pageSize = 5
    /// Where a member's profile lives.
    let userURL: @Sendable (Int64) -> String

    // MARK: - Life cycle

    /// Reads `?page=` or `?through=` (a bad value is a 400), then those comments. After a new
    /// comment (a post to the form's address, without a query) that is the first page, where
    /// it stands.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let pagination = try Pagination(scope.query)
        let (comments, hasMore) = try await CommentStore(database: scope.database).range(
            of: blogID, offset: pagination.offset(size: pageSize), limit: pagination.limit(size: pageSize))
        return Model(
            pagination: pagination,
            pager: pagination.pager(in: scope, hasMore: hasMore, noun: "comments"),
            comments: ArrayDataSource(
                items: comments, cell: CommentCell(userURL: userURL),
                emptyState: EmptyState(pagination.first == 1 ? "No comments yet." : "No more comments.")))
    }

    func fragmentQuery(for model: Model) -> [(String, String)] { model.pagination.query }

    /// The values the template reads: the pager's, then the list's.
    @TemplateModel
    struct Model {
        @TemplateIgnored let pagination: Pagination
        @TemplateIncluded let pager: Pager
        let comments: ArrayDataSource<CommentCell>
        var isEmpty: Bool { comments.isEmpty }
    }
}
