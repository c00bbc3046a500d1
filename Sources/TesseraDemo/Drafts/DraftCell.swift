import Tessera

// MARK: - DraftCell

/// Draws one draft in a list: its title linking to its editor, and when it was last edited.
struct DraftCell: CellRenderer {
    var template: String { "Drafts/DraftCell" }

    /// Where a draft's title links to.
    let editURL: @Sendable (Int64) -> String

    func viewModel(for draft: Draft) -> DraftCellModel { DraftCellModel(draft: draft, url: editURL(draft.id)) }
}

// MARK: - DraftCellModel

/// A draft's cell values, ready to print.
struct DraftCellModel: ViewModel {
    let draft: Draft
    let url: String

    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "url": .string(url)
        case "title": .string(draft.displayTitle)
        case "edited": .string(DisplayText.date(draft.updatedAt))
        case "editedISO": .string(DisplayText.isoDate(draft.updatedAt))
        default: nil
        }
    }
}
