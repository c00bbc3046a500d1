import Tessera

// MARK: - FortuneCell

/// Draws one fortune as a table row (`Views/Fortunes/FortuneCell.mustache`).
public struct FortuneCell: CellRenderer {
    /// The cell.
    public init() {}

    public func viewModel(for fortune: Fortune) -> FortuneCellModel { FortuneCellModel(fortune: fortune) }
}

// MARK: - FortuneCellModel

/// A fortune's row: its id and message, ready to print.
public struct FortuneCellModel: TemplateModel {
    let fortune: Fortune

    public static let templateKeys: [TemplateKey<Self>] = [
        TemplateKey("id") { $0.id },
        TemplateKey("message") { $0.message },
    ]

    // MARK: - Keys


    var id: Int { fortune.id }
    var message: String { fortune.message }
}
