import Tessera

// MARK: - FeedHeader

/// A feed section's heading and an optional line under it.
struct FeedHeader: Sendable, Equatable {
    let title: String
    let subtitle: String?
}

// MARK: - FeedHeaderCell

/// Draws a ``FeedHeader`` as the section's `<header class="section-header">`.
struct FeedHeaderCell: CellRenderer {
    func viewModel(for header: FeedHeader) -> Model {
        Model(
            title: header.title,
            subtitle: header.subtitle
        )
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let title: String
        let subtitle: String?
    }
}
