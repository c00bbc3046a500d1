import Tessera

// MARK: - TrashCell

/// Draws one trashed blog with its Restore form and its "Delete forever…" link.
struct TrashCell: CellRenderer {
    /// Where a blog's Restore form posts.
    let restoreURL: @Sendable (Int64) -> String
    /// Where a blog's deletion is confirmed.
    let deleteURL: @Sendable (Int64) -> String

    func viewModel(for blog: Blog) -> TrashCellModel {
        TrashCellModel(blog: blog, restoreURL: restoreURL(blog.id), deleteURL: deleteURL(blog.id))
    }
}

// MARK: - TrashCellModel

/// A trashed blog's cell values, ready to print.
@TemplateModel
struct TrashCellModel {
    @TemplateIgnored let blog: Blog
    let restoreURL: String
    let deleteURL: String

    // MARK: - Keys


    var titleID: String { "trashed-\(blog.id)-title" }
    var title: String { blog.title }
    var excerpt: String { blog.excerpt }
    var trashed: String { blog.trashedAt.map(DisplayText.date) ?? "" }
    var trashedISO: String { blog.trashedAt.map(DisplayText.isoDate) ?? "" }
    var likes: String { DisplayText.count(blog.likeCount, "like", "likes") }
}
