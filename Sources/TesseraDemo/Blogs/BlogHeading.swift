// MARK: - BlogHeading

/// What a post's page reads before its components load (``BlogStore/heading(_:viewerID:)``):
/// enough for its title, the 404 of a missing post, and the likes its like button and stats
/// show (the same values handed to both).
struct BlogHeading: Sendable, Equatable {
    /// Its title, for the page's `<title>`.
    let title: String
    /// How many members like it.
    let likeCount: Int
    /// Whether the viewer the heading was read for likes it (false for a visitor).
    let likedByViewer: Bool
}
