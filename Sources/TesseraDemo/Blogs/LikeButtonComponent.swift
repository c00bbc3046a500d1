import Tessera

// MARK: - LikeButtonComponent

/// The toggle under the post that likes it ("Like") or takes the like back ("Unlike", with
/// "You like this post."); a sign-in link for visitors. The count is shown once, by the stats.
///
/// Its scene hands it what it loaded once for the page (whether the viewer likes the post);
/// its actions store the like and send the stats along (`.updating(BlogStatsComponent.self)`):
/// the scene reads the post again and both are made anew, so the count changes with the same
/// click.
struct LikeButtonComponent: Component {
    var rootElement: String { "div" }
    var rootClass: String? { "actions like-actions" }
    /// `POST <scene>/like` and `POST <scene>/unlike`.
    static let like = Action("like", LikeButtonComponent.like)
    static let unlike = Action("unlike", LikeButtonComponent.unlike)
    static var actions: ActionTable<Self> {
        ActionTable().on(like).on(unlike)
    }

    // MARK: - Configuration

    /// The post.
    let blogID: Int64
    /// Whether the viewer likes it (false for visitors).
    let likedByViewer: Bool
    /// Whether someone is signed in (only they can like).
    let viewerCanLike: Bool
    /// Where visitors go to sign in (and come back).
    let signInURL: String

    // MARK: - Life cycle

    /// Nothing to read: the scene loaded the likes with the post.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Model(
            viewerCanLike: viewerCanLike,
            liked: likedByViewer,
            label: likedByViewer ? "Unlike" : "Like",
            toggleURL: scope.url(for: likedByViewer ? Self.unlike : Self.like),
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
    func like(_ context: ActionContext<Self>) async throws -> ActionResult<Model> {
        try await setLike(true, context)
    }

    /// Takes the member's like back; unliking what they do not like changes nothing.
    func unlike(_ context: ActionContext<Self>) async throws -> ActionResult<Model> {
        try await setLike(false, context)
    }

    // MARK: - Private

    /// Stores the like; the button and the stats then show it, made anew from the post read again.
    private func setLike(_ liked: Bool, _ context: ActionContext<Self>) async throws -> ActionResult<Model> {
        let userID = try context.requireUser()
        guard try await BlogStore(database: context.database).setLike(liked, blog: blogID, by: userID) != nil else {
            throw RequestError.notFound()
        }
        return ActionResult.done.updating(BlogStatsComponent.self)
    }
}
