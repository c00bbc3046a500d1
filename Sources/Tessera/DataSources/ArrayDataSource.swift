// MARK: - ArrayDataSource

/// A one-section list: items and the one cell renderer that draws them (iOS's
/// `ArrayDataSource` with a configure-cell block).
///
/// Interpolate it in a template (`{{rows}}` with `.fragment(dataSource)`): it writes each cell
/// straight into the page. When there are no items it writes `emptyState` instead, if any: a
/// list's empty state is always its data source's. A template that wraps the cells in markup
/// of its own (`<ul>`) reads its model's `isEmpty` key, declared as
/// `TemplateKey("isEmpty") { $0.rows.isEmpty }`, and writes `{{rows}}` bare when it is true.
public struct ArrayDataSource<Cell: CellRenderer>: HTMLFragment, TemplateReadable {
    /// The items, in display order.
    public let items: [Cell.Item]
    /// The cell renderer.
    public let cell: Cell
    /// Markup shown when `items` is empty (default: nothing).
    public let emptyState: EmptyState?
    /// Draws the cells; made where the concrete cell type is known, so the loop is specialized
    /// for it instead of going through generic witnesses per item.
    @usableFromInline let drawCells: @Sendable (ArrayDataSource<Cell>, inout HTMLWriter, TemplateRenderer) -> Void

    /// A data source over `items` drawn by `cell`.
    @inlinable
    public init(items: [Cell.Item], cell: Cell, emptyState: EmptyState? = nil) {
        self.items = items
        self.cell = cell
        self.emptyState = emptyState
        self.drawCells = { source, writer, renderer in source.cell.write(source.items, into: &writer, renderer: renderer) }
    }

    /// Whether there are no items (the empty state is drawn instead of cells).
    public var isEmpty: Bool { items.isEmpty }

    /// Writes every cell, or the empty state.
    public func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        if items.isEmpty, let emptyState {
            emptyState.write(into: &writer, renderer: renderer)
        } else {
            drawCells(self, &writer, renderer)
        }
    }

    // MARK: - Template checks

    /// Markup drawn by `Cell`, whose template is checked against `Cell.CellModel`.
    public static var templateShape: TemplateShape { .markup([Cell.self]) }
    /// `.fragment(self)`.
    public var templateValue: TemplateValue { .fragment(self) }
}

/// A data source is `Sendable` when its items are: a component's model may hold one.
extension ArrayDataSource: Sendable where Cell.Item: Sendable {}
