import Tessera

// MARK: - BlogCell

/// Draws a ``BlogListItem`` as an `<article class="blog-cell">`: linked title, author, date,
/// likes and excerpt, then its like button (a child component of the feed).
struct BlogCell: CellRenderer {
    /// Where a post lives.
    let blogURL: @Sendable (Int64) -> String
    /// Where a member's profile lives.
    let userURL: @Sendable (Int64) -> String

    func viewModel(for item: BlogListItem) -> BlogCellModel { BlogCellModel(cell: self, item: item) }
}

// MARK: - BlogCellModel

/// A feed item's cell values, each made when the template reads it (no dictionary per cell).
@TemplateModel
struct BlogCellModel {
    @TemplateIgnored let cell: BlogCell
    @TemplateIgnored let item: BlogListItem

    // MARK: - Keys

    var title: String { item.blog.title }
    var url: String { cell.blogURL(item.blog.id) }
    var authorName: String { item.authorName ?? "A former member" }
    var authorURL: String { cell.userURL(item.blog.userID) }
    var date: String { DisplayText.date(item.blog.createdAt) }
    var isoDate: String { DisplayText.isoDate(item.blog.createdAt) }
    var likes: String { DisplayText.count(item.blog.likeCount, "like", "likes") }
    var excerpt: String { item.blog.excerpt }
}
