import Tessera

// MARK: - TrashCell

/// Draws one trashed blog with its Restore form and its "Delete forever…" link.
struct TrashCell: CellRenderer {
    var template: String { "Trash/TrashCell" }

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
struct TrashCellModel: ViewModel {
    let blog: Blog
    let restoreURL: String
    let deleteURL: String

    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "titleID": .string("trashed-\(blog.id)-title")
        case "title": .string(blog.title)
        case "excerpt": .string(blog.excerpt)
        case "trashed": .string(blog.trashedAt.map(DisplayText.date) ?? "")
        case "trashedISO": .string(blog.trashedAt.map(DisplayText.isoDate) ?? "")
        case "likes": .string(DisplayText.count(blog.likeCount, "like", "likes"))
        case "restoreURL": .string(restoreURL)
        case "deleteURL": .string(deleteURL)
        default: nil
        }
    }
}
