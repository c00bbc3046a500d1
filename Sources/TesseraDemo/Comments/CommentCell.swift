import Tessera

// MARK: - CommentCell

/// Draws one comment: its author (linked), date and text; the one just posted carries
/// `data-tessera-focus` so the client script focuses it.
struct CommentCell: CellRenderer {
    var template: String { "Comments/CommentCell" }

    /// Where a member's profile lives.
    let userURL: @Sendable (Int64) -> String
    /// The comment posted by this request, if any.
    let postedID: Int64?

    func viewModel(for item: CommentItem) -> CommentCellModel { CommentCellModel(cell: self, item: item) }
}

// MARK: - CommentCellModel

/// A comment's cell values, each made when the template reads it (no dictionary per cell).
struct CommentCellModel: ViewModel {
    let cell: CommentCell
    let item: CommentItem

    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "anchor": .string("comment-\(item.comment.id)")
        case "authorName": .string(item.authorName)
        case "authorURL": .string(cell.userURL(item.comment.userID))
        case "date": .string(DisplayText.date(item.comment.createdAt))
        case "isoDate": .string(DisplayText.isoDate(item.comment.createdAt))
        case "paragraphs":
            .list(
                item.comment.body.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                    .filter { !$0.isEmpty }.map { .string($0) })
        case "isNew": .bool(item.comment.id == cell.postedID)
        default: nil
        }
    }
}
