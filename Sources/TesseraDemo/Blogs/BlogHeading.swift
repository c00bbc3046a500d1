import Tessera

// MARK: - BlogHeading

/// A post's title and likes for one viewer (``BlogStore/heading(_:viewerID:)``): what a like
/// button fetched alone reads (its page reads the whole ``BlogPost`` instead), enough for the
/// 404 of a missing post and whether the viewer likes it.
@SQLRecord
struct BlogHeading: Sendable, Equatable {
    /// Its title, for the page's `<title>`.
    let title: String
    /// How many members like it.
    let likeCount: Int
    /// Whether the viewer the heading was read for likes it (false for a visitor).
    let likedByViewer: Bool
}
