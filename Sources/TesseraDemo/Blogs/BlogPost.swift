// MARK: - BlogPost

/// What a post's page reads before its components load (``BlogStore/page(_:viewerID:)``), in
/// one query: the post with its author's name, whether the viewer likes it and how many
/// comments it has. The scene hands the parts to the post itself, the like button and the
/// stats, so they always agree, and none of them reads again.
struct BlogPost: Sendable, Equatable {
    /// The post and its author's name.
    let item: BlogListItem
    /// Whether the viewer it was read for likes it (false for a visitor).
    let likedByViewer: Bool
    /// How many comments it has.
    let commentCount: Int

    /// The post itself.
    var blog: Blog { item.blog }
}
