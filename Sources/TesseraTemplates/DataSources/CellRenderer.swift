// MARK: - CellRenderer

/// Draws one kind of item: picks its template and turns the item into a ready view model.
///
/// The cell never formats in the template: its view model hands over finished values
/// ("12 likes", an absolute URL).
///
/// ```swift
/// struct FortuneCell: CellRenderer {
///     func viewModel(for fortune: Fortune) -> FortuneCellModel { FortuneCellModel(fortune) }
/// }
/// ```
///
/// Its template is found by the type's name (`Views/**/FortuneCell.mustache`) unless
/// ``template`` names another; the model's declared keys are checked against it at start-up.
public protocol CellRenderer<Item>: Sendable {
    /// The kind of item this cell draws.
    associatedtype Item
    /// The view model its template reads.
    associatedtype CellModel: TemplateModel

    /// The cell's template under `Views/`, or nil (default) for the one named like the type.
    static var template: String? { get }

    /// A ready view model for `item`.
    func viewModel(for item: Item) -> CellModel
}

extension CellRenderer {
    /// No override: the template named like the type.
    public static var template: String? { nil }

    /// Renders `items` with this cell, one after another, reusing one render pass.
    /// Inlinable so that it is specialized for each concrete cell where it is used.
    @inlinable
    func write<Items: Sequence>(_ items: Items, into writer: inout HTMLWriter, renderer: TemplateRenderer)
    where Items.Element == Item {
        guard let compiled = renderer.library.compiledTemplate(of: Self.self, declared: Self.template) else {
            writer.writeRaw("<!-- missing cell template -->")
            return
        }
        var pass = renderer.makePass()
        if case .object(let globals) = renderer.globals { pass.models.append(globals) }
        let host = renderer.host
        for item in items {
            if let context = host?.context(forCell: item) {
                pass.models.append(context)
                pass.renderCell(compiled, viewModel(for: item), into: &writer)
                pass.models.removeLast()
            } else {
                pass.renderCell(compiled, viewModel(for: item), into: &writer)
            }
        }
    }
}
