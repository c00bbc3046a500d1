import Tessera

// MARK: - ProfileBlogCell

/// Draws one published blog in a profile's list: title linking to it, date, likes, excerpt,
/// and its like button (a child component of the list).
struct ProfileBlogCell: CellRenderer {
    /// Where a blog's title links to.
    let blogURL: @Sendable (Int64) -> String

    func viewModel(for post: ProfilePost) -> ProfileBlogCellModel {
        ProfileBlogCellModel(blog: post.blog, url: blogURL(post.blog.id), likeButton: post.likeButton)
    }
}

// MARK: - ProfilePost

/// A post in a profile's list, with its like button.
struct ProfilePost: Sendable {
    let blog: Blog
    let likeButton: ChildComponent
}

// MARK: - ProfileBlogCellModel

/// A blog's cell values, ready to print.
@TemplateModel
struct ProfileBlogCellModel {
    @TemplateIgnored let blog: Blog
    let url: String
    let likeButton: ChildComponent

    // MARK: - Keys

    var title: String { blog.title }
    var excerpt: String { blog.excerpt }
    var date: String { DisplayText.date(blog.createdAt) }
    var isoDate: String { DisplayText.isoDate(blog.createdAt) }
    var likes: String { DisplayText.count(blog.likeCount, "like", "likes") }
}
