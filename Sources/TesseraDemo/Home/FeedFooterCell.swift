import Tessera

// MARK: - FeedFooter

/// A feed section's closing link.
struct FeedFooter: Sendable, Equatable {
    let label: String
    let url: String
}

// MARK: - FeedFooterCell

/// Draws a ``FeedFooter`` as the section's `<footer class="section-footer">`.
struct FeedFooterCell: CellRenderer {
    var template: String { "Home/FeedFooterCell" }

    func viewModel(for footer: FeedFooter) -> [String: TemplateValue] {
        ["label": .string(footer.label), "url": .string(footer.url)]
    }
}
