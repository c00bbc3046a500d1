import Tessera

// MARK: - BlogStatsComponent

/// The aside's summary of the post: its likes (the page's shared ``LikeState``) and how many
/// comments it has. It is re-rendered along with the like button and the comment form.
final class BlogStatsComponent: AnyComponent, @unchecked Sendable {
    override var template: String { "Blogs/BlogStatsComponent" }
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

    override func viewModel() -> any ViewModel {
        [
            "countText": .string(state.countText), "likedByViewer": .bool(state.likedByViewer),
            "commentsText": .string(DisplayText.count(comments, "comment", "comments")),
        ]
    }
}
