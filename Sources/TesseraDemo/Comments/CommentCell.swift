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

    func viewModel(for item: CommentItem) -> [String: TemplateValue] {
        [
            "anchor": .string("comment-\(item.comment.id)"),
            "authorName": .string(item.authorName),
            "authorURL": .string(userURL(item.comment.userID)),
            "date": .string(DisplayText.date(item.comment.createdAt)),
            "isoDate": .string(DisplayText.isoDate(item.comment.createdAt)),
            "paragraphs": .list(
                item.comment.body.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                    .filter { !$0.isEmpty }.map { .string($0) }),
            "isNew": .bool(item.comment.id == postedID),
        ]
    }
}
