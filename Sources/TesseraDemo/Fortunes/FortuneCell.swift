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
///
/// The benchmark's hot cell, so it answers keys with a hand-written `switch` (the documented
/// hand-written conformance) instead of walking ``templateKeys``; the keys are still declared
/// there, and the start-up check holds the template to them. Keep the two in step.
public struct FortuneCellModel: TemplateModel {
    let fortune: Fortune

    public static let templateKeys: [TemplateKey<Self>] = [
        TemplateKey("id") { $0.fortune.id },
        TemplateKey("message") { $0.fortune.message },
    ]

    /// `id` and `message`, as declared in ``templateKeys``.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": .int(fortune.id)
        case "message": .string(fortune.message)
        default: nil
        }
    }
}
