import Tessera

// MARK: - BlogScene

/// `GET /blogs/:id`: one published post, its likes and comments, and (for its author) the Edit
/// link and the trash button.
///
/// The like button and the stats in the aside share one ``LikeState``, loaded once here, so
/// they always show the same count; liking re-renders both in one fragment response. The
/// comment form and list share one ``CommentThread``; posting a comment re-renders the list
/// and the stats (the comment count) in the same response.
final class BlogScene: Scene, @unchecked Sendable {
    override class var path: String { "/blogs/:id" }
    override class var composition: [ComponentSlot] { [detail, likeButton, stats, comments, commentForm] }

    // MARK: - Composition

    static let detail = ComponentSlot("blog-detail", BlogDetailComponent.self)
    static let likeButton = ComponentSlot("like-button", LikeButtonComponent.self)
    static let stats = ComponentSlot("blog-stats", BlogStatsComponent.self)
    static let comments = ComponentSlot("comments", CommentListComponent.self)
    static let commentForm = ComponentSlot("comment-form", CommentFormComponent.self)

    // MARK: - State

    private var blogID: Int64 = 0
    private var likeState = LikeState(blogID: 0)
    private var title = ""

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        blogID = try scope.path.id("id")
    }

    override func configureComponents(_ scope: RequestScope) {
        likeState = LikeState(blogID: blogID)
        let thread = CommentThread(blogID: blogID)
        let signIn = DemoURLs.signIn + URLQuery.encode([("next", DemoURLs.blog(blogID))])
        add(BlogDetailComponent(id: Self.detail.id, blogID: blogID, userURL: DemoURLs.user, editURL: DemoURLs.editBlog))
        add(LikeButtonComponent(id: Self.likeButton.id, state: likeState, signInURL: signIn))
        add(BlogStatsComponent(id: Self.stats.id, state: likeState, thread: thread))
        add(CommentListComponent(id: Self.comments.id, thread: thread, userURL: DemoURLs.user))
        add(CommentFormComponent(id: Self.commentForm.id, thread: thread, signInURL: signIn, pageURL: DemoURLs.blog(blogID)))
    }

    /// The post itself (a 404 when it is missing or in the trash) and the shared like state.
    override func loadData(_ scope: RequestScope) async throws {
        guard let heading = try await BlogStore(database: scope.database).heading(blogID, viewerID: scope.userID) else {
            throw RequestError.notFound()
        }
        title = heading.title
        likeState.load(heading, viewerID: scope.userID)
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = title
    }
}
