import Tessera

// MARK: - ProfileBlogCell

/// Draws one published blog in a profile's list: title linking to it, date, likes, excerpt,
/// and its like button (a child component of the list).
struct ProfileBlogCell: CellRenderer {
    /// Where a blog's title links to.
    let blogURL: @Sendable (Int64) -> String

    func viewModel(for blog: Blog) -> ProfileBlogCellModel { ProfileBlogCellModel(blog: blog, url: blogURL(blog.id)) }
}

// MARK: - ProfileBlogCellModel

/// A blog's cell values, ready to print.
@TemplateModel
struct ProfileBlogCellModel {
    @TemplateIgnored let blog: Blog
    let url: String

    // MARK: - Keys

    var title: String { blog.title }
    var excerpt: String { blog.excerpt }
    var date: String { DisplayText.date(blog.createdAt) }
    var isoDate: String { DisplayText.isoDate(blog.createdAt) }
    var likes: String { DisplayText.count(blog.likeCount, "like", "likes") }
}
