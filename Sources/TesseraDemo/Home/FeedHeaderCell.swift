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
    var template: String { "Home/FeedHeaderCell" }

    func viewModel(for header: FeedHeader) -> [String: TemplateValue] {
        ["title": .string(header.title), "subtitle": .optional(header.subtitle)]
    }
}
