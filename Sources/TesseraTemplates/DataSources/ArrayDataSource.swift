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
    public var items: [Cell.Item] { storage.items }
    /// The cell renderer.
    public var cell: Cell { storage.cell }
    /// Markup shown when `items` is empty (default: nothing).
    public var emptyState: EmptyState? { storage.emptyState }
    /// Everything, behind one reference: a template's `.fragment` holds the data source in
    /// place (no box), and copying it retains once.
    @usableFromInline let storage: Storage

    /// A data source over `items` drawn by `cell`.
    @inlinable
    public init(items: [Cell.Item], cell: Cell, emptyState: EmptyState? = nil) {
        storage = Storage(items: items, cell: cell, emptyState: emptyState) { storage, writer, renderer in
            if storage.items.isEmpty, let emptyState = storage.emptyState {
                emptyState.write(into: &writer, renderer: renderer)
            } else {
                storage.cell.write(storage.items, into: &writer, renderer: renderer)
            }
        }
    }

    /// Whether there are no items (the empty state is drawn instead of cells).
    public var isEmpty: Bool { storage.items.isEmpty }

    /// Writes every cell, or the empty state.
    public func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        storage.draw(storage, &writer, renderer)
    }

    // MARK: - Storage

    /// The data source's parts, immutable.
    @usableFromInline
    final class Storage {
        @usableFromInline let items: [Cell.Item]
        @usableFromInline let cell: Cell
        @usableFromInline let emptyState: EmptyState?
        /// Draws the cells, or the empty state; made where the concrete cell type is known, so
        /// the whole write is specialized for it instead of going through generic witnesses.
        @usableFromInline let draw: @Sendable (Storage, inout HTMLWriter, TemplateRenderer) -> Void

        @inlinable
        init(
            items: [Cell.Item], cell: Cell, emptyState: EmptyState?,
            draw: @escaping @Sendable (Storage, inout HTMLWriter, TemplateRenderer) -> Void
        ) {
            self.items = items
            self.cell = cell
            self.emptyState = emptyState
            self.draw = draw
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

/// Immutable, so as `Sendable` as its items (the cell renderer and the empty state are).
extension ArrayDataSource.Storage: @unchecked Sendable where Cell.Item: Sendable {}
