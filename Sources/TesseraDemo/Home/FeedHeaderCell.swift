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
    struct Model: TemplateModel {
        let title: String
        let subtitle: String?

        static let templateKeys: [TemplateKey<Model>] = [
            TemplateKey("title") { $0.title },
            TemplateKey("subtitle") { $0.subtitle },
        ]
    }
}
