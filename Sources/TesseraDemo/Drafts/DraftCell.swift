import Tessera

// MARK: - DraftCell

/// Draws one draft in a list: its title linking to its editor, and when it was last edited.
struct DraftCell: CellRenderer {
    /// Where a draft's title links to.
    let editURL: @Sendable (Int64) -> String

    func viewModel(for draft: Draft) -> DraftCellModel { DraftCellModel(draft: draft, url: editURL(draft.id)) }
}

// MARK: - DraftCellModel

/// A draft's cell values, ready to print.
@TemplateModel
struct DraftCellModel {
    @TemplateIgnored let draft: Draft
    let url: String

    // MARK: - Keys

    var title: String { draft.displayTitle }
    var edited: String { DisplayText.date(draft.updatedAt) }
    var editedISO: String { DisplayText.isoDate(draft.updatedAt) }
}
