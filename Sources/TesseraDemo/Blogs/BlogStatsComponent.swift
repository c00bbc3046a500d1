import Tessera

// MARK: - BlogStatsComponent

/// The aside's summary of the post: its likes (the page's shared ``LikeState``) and how many
/// comments it has. It is re-rendered along with the like button and the comment form.
final class BlogStatsComponent: Component<BlogStatsComponent.Model>, @unchecked Sendable {
    /// The counts are everyone's, but a member who likes the post is told so: one copy per member.
    override class var caching: FragmentCaching { .perUser }
    override var rootClass: String? { "card" }

    // MARK: - Configuration

    /// Shared with the like button.
    private let state: LikeState
    /// Shared with the comment components.
    private let thread: CommentThread

    /// Stats over `state` and `thread`.
    init(id: String, state: LikeState, thread: CommentThread) {
        self.state = state
        self.thread = thread
        super.init(id: id)
    }

    // MARK: - State

    private var comments = 0

    // MARK: - Life cycle

    /// One query: the comment count (the likes came with the scene).
    override func load(_ scope: RequestScope) async throws {
        comments = try await CommentStore(database: scope.database).count(of: thread.blogID)
    }

    override func viewModel() -> Model {
        Model(
            countText: state.countText,
            likedByViewer: state.likedByViewer,
            commentsText: DisplayText.count(comments, "comment", "comments")
        )
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let countText: String
        let likedByViewer: Bool
        let commentsText: String
    }
}
