import Tessera

// MARK: - FortuneCell

/// Draws one fortune as a table row (`Views/Fortunes/FortuneCell.mustache`).
public struct FortuneCell: CellRenderer {
    /// The cell.
    public init() {}

    public func viewModel(for fortune: Fortune) -> FortuneCellModel { FortuneCellModel(fortune: fortune) }
}

// MARK: - FortuneCellModel

/// A fortune's row: its id and message, ready to print. The benchmark's hot cell:
/// `@TemplateModel` answers its keys with a `switch`.
@TemplateModel
public struct FortuneCellModel {
    @TemplateIgnored let fortune: Fortune

    var id: Int { fortune.id }
    var message: String { fortune.message }
}
