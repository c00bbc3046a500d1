import Tessera

// MARK: - LikeButtonComponent

/// The toggle under a post that likes it ("Like") or takes the like back ("Unlike", with
/// "You like this post."); a sign-in link for visitors. The count is shown by the post's stats
/// (on its page) or its cell (in lists).
///
/// On a post's page the scene hands it whether the viewer likes the post, read once with the
/// post's heading; in the home feed and on a profile it is a child of the list
/// (``FeedComponent/like``, ``BlogListComponent/like``): the buttons of a list read the
/// viewer's likes together, in one query (``load(batch:)``), and each answers alone at its own
/// URL. Its actions store the like and send the page's stats along
/// (`.updating(BlogStatsComponent.self)`, where the page holds them).
@Component
struct LikeButtonComponent {
    /// Per member: visitors share one fragment per post (a sign-in link); a member's holds a
    /// form with their session's token, which Tessera never keeps, so members' load every time.
    static var caching: FragmentCaching { .perUser }
    var rootElement: String { "div" }
    var rootClass: String? { "actions like-actions" }
    /// `POST <scene>/like` and `POST <scene>/unlike`.
    static let like = Action("like", LikeButtonComponent.like)
    static let unlike = Action("unlike", LikeButtonComponent.unlike)

    // MARK: - Configuration

    /// The post.
    let blogID: Int64
    /// Whether the viewer likes it, when its scene already read that; nil: the button reads it.
    var likedByViewer: Bool?
    /// Where visitors go to sign in (and come back).
    let signInURL: String

    // MARK: - Life cycle

    /// The viewer's like: handed over by the scene (no query), or read alone (one query; a
    /// missing or trashed post is a 404).
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        if let likedByViewer { return model(liked: likedByViewer, scope) }
        guard let heading = try await BlogStore(database: scope.database).heading(blogID, viewerID: scope.userID) else {
            throw RequestError.notFound()
        }
        return model(liked: heading.likedByViewer, scope)
    }

    /// The buttons of a list: the viewer's likes of all their posts in one query (none for a
    /// visitor, who likes nothing).
    static func load(batch: [(component: Self, scope: ComponentScope<Self>)]) async throws -> [Model] {
        guard let first = batch.first else { return [] }
        let unknown = batch.filter { $0.component.likedByViewer == nil }.map(\.component.blogID)
        var liked: Set<Int64> = []
        if let viewerID = first.scope.userID, !unknown.isEmpty {
            liked = try await BlogStore(database: first.scope.database).liked(unknown, by: viewerID)
        }
        return batch.map { button, scope in button.model(liked: button.likedByViewer ?? liked.contains(button.blogID), scope) }
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
    func like(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        try await setLike(true, context)
    }

    /// Takes the member's like back; unliking what they do not like changes nothing.
    func unlike(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        try await setLike(false, context)
    }

    // MARK: - Private

    /// Stores the like; the button (and the page's stats) then show it, made anew from what is
    /// read again.
    private func setLike(_ liked: Bool, _ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let userID = try context.requireUser()
        guard try await BlogStore(database: context.database).setLike(liked, blog: blogID, by: userID) != nil else {
            throw RequestError.notFound()
        }
        return ActionResult.done.updating(BlogStatsComponent.self)
    }

    private func model(liked: Bool, _ scope: ComponentScope<Self>) -> Model {
        Model(
            viewerCanLike: scope.userID != nil, liked: liked, label: liked ? "Unlike" : "Like",
            toggleURL: scope.url(for: liked ? Self.unlike : Self.like), signInURL: signInURL)
    }
}
