import Tessera

// MARK: - ProfileBlogCell

/// Draws one published blog in a profile's list: title linking to it, date, likes, excerpt.
struct ProfileBlogCell: CellRenderer {
    var template: String { "Users/ProfileBlogCell" }

    /// Where a blog's title links to.
    let blogURL: @Sendable (Int64) -> String

    func viewModel(for blog: Blog) -> ProfileBlogCellModel { ProfileBlogCellModel(blog: blog, url: blogURL(blog.id)) }
}

// MARK: - ProfileBlogCellModel

/// A blog's cell values, ready to print.
struct ProfileBlogCellModel: ViewModel {
    let blog: Blog
    let url: String

    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "url": .string(url)
        case "title": .string(blog.title)
        case "excerpt": .string(blog.excerpt)
        case "date": .string(DisplayText.date(blog.createdAt))
        case "isoDate": .string(DisplayText.isoDate(blog.createdAt))
        case "likes": .string(DisplayText.count(blog.likeCount, "like", "likes"))
        default: nil
        }
    }
}
