import Tessera

// MARK: - BlogCell

/// Draws a ``BlogListItem`` as an `<article class="blog-cell">`: linked title, author, date,
/// likes and excerpt.
struct BlogCell: CellRenderer {
    var template: String { "Blogs/BlogCell" }

    /// Where a post lives.
    let blogURL: @Sendable (Int64) -> String
    /// Where a member's profile lives.
    let userURL: @Sendable (Int64) -> String

    func viewModel(for item: BlogListItem) -> [String: TemplateValue] {
        [
            "title": .string(item.blog.title),
            "url": .string(blogURL(item.blog.id)),
            "authorName": .string(item.author?.displayName ?? "A former member"),
            "authorURL": .string(userURL(item.blog.userID)),
            "date": .string(DisplayText.date(item.blog.createdAt)),
            "isoDate": .string(DisplayText.isoDate(item.blog.createdAt)),
            "likes": .string(DisplayText.count(item.blog.likeCount, "like", "likes")),
            "excerpt": .string(item.blog.excerpt),
        ]
    }
}
