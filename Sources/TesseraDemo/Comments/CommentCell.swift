import Tessera

// MARK: - CommentCell

/// Draws one comment: its author (linked), date and text; the one just posted carries
/// `data-tessera-focus` so the client script focuses it.
struct CommentCell: CellRenderer {
    /// Where a member's profile lives.
    let userURL: @Sendable (Int64) -> String
    /// The comment posted by this request, if any.
    let postedID: Int64?

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
    var isNew: Bool { item.comment.id == cell.postedID }
}
