import Tessera

// MARK: - TextMessageCell

/// Draws a text message (`Views/Messages/TextMessageCell.mustache`).
struct TextMessageCell: CellRenderer {
    func viewModel(for text: TextMessageItem) -> MessageCellModel { MessageCellModel(item: text.item) }
}
