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
    func viewModel(for footer: FeedFooter) -> Model {
        Model(
            label: footer.label,
            url: footer.url
        )
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let label: String
        let url: String
    }
}
