import Tessera

// MARK: - ConversationCell

/// Draws one conversation of the list: the other person, and an excerpt of the last message.
struct ConversationCell: CellRenderer {
    /// Whose list it is ("You: …" marks their own last message).
    let viewerID: Int64
    /// Each row's link.
    let conversationURL: @Sendable (Int64) -> String

    func viewModel(for summary: ConversationSummary) -> ConversationCellModel {
        ConversationCellModel(summary: summary, viewerID: viewerID, url: conversationURL(summary.id))
    }
}

// MARK: - ConversationCellModel

/// A conversation row, ready to print: name, initials, excerpt, date, link.
@TemplateModel
struct ConversationCellModel {
    @TemplateIgnored let summary: ConversationSummary
    @TemplateIgnored let viewerID: Int64
    let url: String

    /// The longest excerpt, in characters, before it is cut with "…".
    static let excerptLength = 80
    /// What goes before the text of each kind of last message (a table, not a `switch`).
    static let kindPrefixes: [Message.Kind: String] = [.text: "", .image: "Image: "]

    // MARK: - Keys


    /// The row's id, so a live update adds and moves rows rather than redrawing them.
    var rowID: String { "conversation-\(summary.id)" }
    var otherName: String { summary.otherName }
    /// Whether the last word is the other person's: the conversation waits for the viewer.
    var awaitsReply: Bool { summary.last.map { $0.senderID != viewerID } ?? false }
    var initials: String { MessageCellModel.initials(of: summary.otherName) }
    var date: String? { summary.last.map { DisplayText.date($0.createdAt) } }
    var isoDate: String? { summary.last.map { DisplayText.isoDate($0.createdAt) } }

    /// "You: Yes! It checks…", "Image: Lanterns", or "No messages yet."
    var excerpt: String {
        guard let last = summary.last else { return "No messages yet." }
        let sender = last.senderID == viewerID ? "You: " : ""
        let text = (Self.kindPrefixes[last.kind] ?? "") + (last.body.isEmpty ? "(no caption)" : last.body)
        let cut = TextExcerpt.cut(text, maxScalars: Self.excerptLength)
        return sender + cut
    }
}
