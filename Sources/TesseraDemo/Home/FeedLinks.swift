import Tessera

// MARK: - FeedLinks

/// Where the feed's links lead, handed in by the scene so the feed never hard-codes another
/// scene's URL.
struct FeedLinks: Sendable {
    /// A post.
    let blog: @Sendable (Int64) -> String
    /// A member's profile.
    let user: @Sendable (Int64) -> String
    /// The gallery.
    let photos: String
    /// One photo's page.
    let photo: @Sendable (Int64) -> String
    /// Where to write a post (the empty state's action).
    let write: String
    /// Where visitors sign in to like a post, coming back to the feed.
    let signIn: String

    /// The app's own addresses.
    static let demo = FeedLinks(
        blog: DemoURLs.blog, user: DemoURLs.user, photos: DemoURLs.photos, photo: DemoURLs.photo, write: DemoURLs.newDraft,
        signIn: DemoURLs.signIn + URLQuery.encode([("next", "/")]))
}
