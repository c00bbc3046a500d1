import Tessera

// MARK: - FortuneCell

/// Draws one fortune as a table row (`Views/Fortunes/FortuneCell.mustache`).
public struct FortuneCell: CellRenderer {
    public var template: String { "Fortunes/FortuneCell" }

    /// The cell.
    public init() {}

    public func viewModel(for fortune: Fortune) -> FortuneCellModel { FortuneCellModel(fortune: fortune) }
}

// MARK: - FortuneCellModel

/// A fortune's row: its id and message, ready to print.
public struct FortuneCellModel: ViewModel {
    let fortune: Fortune

    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": .int(fortune.id)
        case "message": .string(fortune.message)
        default: nil
        }
    }
}
