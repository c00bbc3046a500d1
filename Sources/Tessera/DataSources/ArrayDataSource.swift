// MARK: - ArrayDataSource

/// A one-section list: items and the one cell renderer that draws them (the seeds'
/// `ArrayDataSource` with a configure-cell block).
///
/// Interpolate it in a template (`{{rows}}` with `.fragment(dataSource)`): it writes each cell
/// straight into the page. When there are no items it writes `emptyState` instead, if any.
public struct ArrayDataSource<Cell: CellRenderer>: HTMLFragment {
    /// The items, in display order.
    public var items: [Cell.Item]
    /// The cell renderer.
    public let cell: Cell
    /// Markup shown when `items` is empty (default: nothing).
    public var emptyState: EmptyState?

    /// A data source over `items` drawn by `cell`.
    public init(items: [Cell.Item], cell: Cell, emptyState: EmptyState? = nil) {
        self.items = items
        self.cell = cell
        self.emptyState = emptyState
    }

    /// Writes every cell, or the empty state.
    public func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        if items.isEmpty, let emptyState {
            emptyState.write(into: &writer, renderer: renderer)
        } else {
            cell.write(items, into: &writer, renderer: renderer)
        }
    }
}
