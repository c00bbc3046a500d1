// MARK: - BlogListItem

/// A blog in a list, with its author already loaded (authors come in one query per list, see
/// ``UserStore/users(_:)``).
struct BlogListItem: Sendable, Equatable {
    /// The post.
    let blog: Blog
    /// Its author, nil only if the account is gone.
    let author: User?

    /// Pairs each blog with its author from `authors` (by id), keeping the blogs' order.
    static func list(_ blogs: [Blog], authors: [Int64: User]) -> [BlogListItem] {
        blogs.map { BlogListItem(blog: $0, author: authors[$0.userID]) }
    }
}
