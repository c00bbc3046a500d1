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

    func viewModel(for item: BlogListItem) -> BlogCellModel { BlogCellModel(cell: self, item: item) }
}

// MARK: - BlogCellModel

/// A feed item's cell values, each made when the template reads it (no dictionary per cell).
struct BlogCellModel: ViewModel {
    let cell: BlogCell
    let item: BlogListItem

    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "title": .string(item.blog.title)
        case "url": .string(cell.blogURL(item.blog.id))
        case "authorName": .string(item.author?.displayName ?? "A former member")
        case "authorURL": .string(cell.userURL(item.blog.userID))
        case "date": .string(DisplayText.date(item.blog.createdAt))
        case "isoDate": .string(DisplayText.isoDate(item.blog.createdAt))
        case "likes": .string(DisplayText.count(item.blog.likeCount, "like", "likes"))
        case "excerpt": .string(item.blog.excerpt)
        default: nil
        }
    }
}
