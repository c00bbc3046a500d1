import Tessera

// MARK: - LikeButtonComponent

/// The toggle under the post that likes it ("Like") or takes the like back ("Unlike", with
/// "You like this post."); a sign-in link for visitors. The count is shown once, by the stats.
///
/// It reads and updates the page's shared ``LikeState`` (loaded once by the scene, before the
/// action runs); its actions record the new count there and send the stats along
/// (`.updating(BlogStatsComponent.self)`), so the count changes with the same click.
final class LikeButtonComponent: Component<LikeButtonComponent.Model>, @unchecked Sendable {
    override var rootElement: String { "div" }
    override var rootClass: String? { "actions like-actions" }
    /// `POST <scene>/like` and `POST <scene>/unlike`.
    static let like = Action("like", LikeButtonComponent.like)
    static let unlike = Action("unlike", LikeButtonComponent.unlike)
    override class var actions: ActionTable {
        ActionTable().on(like).on(unlike)
    }

    // MARK: - Configuration

    /// Shared with the other components that show likes.
    private let state: LikeState
    /// Where visitors go to sign in (and come back).
    private let signInURL: String

    /// A like button over `state`.
    init(id: String, state: LikeState, signInURL: String) {
        self.state = state
        self.signInURL = signInURL
        super.init(id: id)
    }

    // MARK: - Life cycle

    override func viewModel() -> Model {
        Model(
            viewerCanLike: state.viewerCanLike,
            liked: state.likedByViewer,
            label: state.likedByViewer ? "Unlike" : "Like",
            toggleURL: url(for: state.likedByViewer ? Self.unlike : Self.like),
            signInURL: signInURL
        )
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let viewerCanLike: Bool
        let liked: Bool
        let label: String
        let toggleURL: String
        let signInURL: String
    }

    // MARK: - Actions

    /// Likes the post for the signed-in member; liking twice counts once.
    func like(_ context: ActionContext) async throws -> ActionResult {
        try await setLike(true, context)
    }

    /// Takes the member's like back; unliking what they do not like changes nothing.
    func unlike(_ context: ActionContext) async throws -> ActionResult {
        try await setLike(false, context)
    }

    // MARK: - Private

    private func setLike(_ liked: Bool, _ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        let store = BlogStore(database: context.database)
        guard let count = try await store.setLike(liked, blog: state.blogID, by: userID) else { throw RequestError.notFound() }
        state.record(liked: liked, count: count)
        return ActionResult.done.updating(BlogStatsComponent.self)
    }
}
