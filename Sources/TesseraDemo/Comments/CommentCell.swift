import Tessera

// MARK: - CommentCell

/// Draws one comment: its author (linked), date and text, under the anchor `comment-<id>` that
/// a new comment's answer points the browser (or the client script's focus) at.
struct CommentCell: CellRenderer {
    /// Where a member's profile lives.
    let userURL: @Sendable (Int64) -> String

    func viewModel(for item: CommentItem) -> CommentCellModel { CommentCellModel(cell: self, item: item) }
}

// MARK: - CommentCellModel

/// A comment's cell values, each made when the template reads it (no dictionary per cell).
@TemplateModel
struct CommentCellModel {
    @TemplateIgnored let cell: CommentCell
    @TemplateIgnored let item: CommentItem

    // MARK: - Keys


    var anchor: String { "comment-\(item.comment.id)" }
    var authorName: String { item.authorName }
    var authorURL: String { cell.userURL(item.comment.userID) }
    var date: String { DisplayText.date(item.comment.createdAt) }
    var isoDate: String { DisplayText.isoDate(item.comment.createdAt) }
    var paragraphs: [String] { TextParagraphs.split(item.comment.body) }
}
