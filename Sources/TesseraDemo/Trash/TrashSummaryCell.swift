import Tessera

// MARK: - TrashSummaryCell

/// The trash summary's one row: how many posts the trash holds (`count`, at least one), with
/// a link to it.
struct TrashSummaryCell: CellRenderer {
    let trashURL: String

    func viewModel(for count: Int) -> Model {
        Model(summary: DisplayText.count(count, "post", "posts") + " in the trash.", trashURL: trashURL)
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let summary: String
        let trashURL: String
    }
}
