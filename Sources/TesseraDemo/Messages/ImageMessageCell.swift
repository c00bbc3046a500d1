import Tessera

// MARK: - ImageMessageCell

/// Draws an image message: the picture with its caption as alt text and figure caption
/// (`Views/Messages/ImageMessageCell.mustache`).
struct ImageMessageCell: CellRenderer {
    func viewModel(for image: ImageMessageItem) -> MessageCellModel { MessageCellModel(item: image.item) }
}
