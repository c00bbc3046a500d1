// MARK: - CellRenderer

/// Draws one kind of item: picks its template and turns the item into a ready view model.
///
/// The cell never formats in the template: its view model hands over finished values
/// ("12 likes", an absolute URL).
///
/// ```swift
/// struct FortuneCell: CellRenderer {
///     let template = "Fortunes/FortuneCell"
///     func viewModel(for fortune: Fortune) -> FortuneCellModel { FortuneCellModel(fortune) }
/// }
/// ```
public protocol CellRenderer<Item>: Sendable {
    /// The kind of item this cell draws.
    associatedtype Item
    /// The view model its template reads.
    associatedtype CellModel: ViewModel

    /// The cell's template name under `Views/`.
    var template: String { get }

    /// A ready view model for `item`.
    func viewModel(for item: Item) -> CellModel
}

extension CellRenderer {
    /// Renders `items` with this cell, one after another, reusing one render pass.
    /// Inlinable so that it is specialized for each concrete cell where it is used.
    @inlinable
    func write<Items: Sequence>(_ items: Items, into writer: inout HTMLWriter, renderer: TemplateRenderer)
    where Items.Element == Item {
        guard let compiled = renderer.library.template(named: template) else {
            writer.writeRaw("<!-- missing cell template -->")
            return
        }
        var pass = renderer.makePass()
        if case .object(let globals) = renderer.globals { pass.models.append(globals) }
        for item in items {
            pass.renderNested(compiled, viewModel(for: item), into: &writer)
        }
    }
}
