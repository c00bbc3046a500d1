import Tessera

// MARK: - PriorityCell

/// Draws a ``Priority`` as a list item: its title and when it ends.
struct PriorityCell: CellRenderer {
    var template: String { "Home/PriorityCell" }

    func viewModel(for priority: Priority) -> [String: TemplateValue] {
        [
            "title": .string(priority.title),
            "endDate": .string(DisplayText.date(priority.endDate)),
            "endISODate": .string(DisplayText.isoDate(priority.endDate)),
        ]
    }
}
