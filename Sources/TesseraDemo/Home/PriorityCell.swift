import Tessera

// MARK: - PriorityCell

/// Draws a ``Priority`` as a list item: its title and when it ends.
struct PriorityCell: CellRenderer {
    func viewModel(for priority: Priority) -> Model {
        Model(
            title: priority.title,
            endDate: DisplayText.date(priority.endDate),
            endISODate: DisplayText.isoDate(priority.endDate)
        )
    }

    /// The values the template reads.
    struct Model: TemplateModel {
        let title: String
        let endDate: String
        let endISODate: String

        static let templateKeys: [TemplateKey<Model>] = [
            TemplateKey("title") { $0.title },
            TemplateKey("endDate") { $0.endDate },
            TemplateKey("endISODate") { $0.endISODate },
        ]
    }
}
