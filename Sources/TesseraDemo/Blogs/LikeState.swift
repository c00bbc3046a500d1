import Tessera

// MARK: - LikeState

/// What every component of a blog page must agree on about likes: the count and whether the
/// viewer likes the post.
///
/// The scene makes one, hands the same object to each component that shows likes, and loads it
/// once per request, in its `loadData` (before any action); an action that changes likes
/// records the new values here, and the response renders from them without loading again, so
/// every component in it shows the count the action produced.
final class LikeState: @unchecked Sendable {
    /// The blog the likes belong to.
    let blogID: Int64
    /// How many members like it.
    private(set) var count = 0
    /// Whether the signed-in viewer likes it (false for visitors).
    private(set) var likedByViewer = false
    /// Whether someone is signed in (only they can like).
    private(set) var viewerCanLike = false

    /// A state for `blogID`, empty until ``load(_:viewerID:)``.
    init(blogID: Int64) { self.blogID = blogID }

    /// "12 likes".
    var countText: String { DisplayText.count(count, "like", "likes") }

    // MARK: - Loading

    /// Fills the state from the post's `heading`, read for `viewerID` (nil for a visitor, who
    /// cannot like and likes nothing).
    func load(_ heading: BlogHeading, viewerID: Int64?) {
        count = heading.likeCount
        viewerCanLike = viewerID != nil
        likedByViewer = heading.likedByViewer
    }

    /// Records the outcome of a like or unlike by the viewer.
    func record(liked: Bool, count: Int) {
        self.likedByViewer = liked
        self.count = count
    }
}
