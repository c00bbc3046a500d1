// MARK: - BlogListItem

/// A blog in a list, with its author's name already loaded (joined in the list's one query, see
/// ``BlogStore/feed(offset:limit:)``).
struct BlogListItem: Sendable, Equatable {
    /// The post.
    let blog: Blog
    /// Its author's display name, nil only if the account is gone.
    let authorName: String?
}
