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
    @TemplateModel
    struct Model {
        let title: String
        let endDate: String
        let endISODate: String
    }
}
