// MARK: - CellItemSource

/// A data source, as the framework walks it for the children its cells hold (a list's
/// ``ChildSlot``): every item it draws with a cell, in order.
protocol CellItemSource {
    /// The items of its cells (not its headers or footers), in the order they are drawn.
    var cellItems: [Any] { get }
}

extension ArrayDataSource: CellItemSource {
    var cellItems: [Any] { items }
}

extension SectionedDataSource: CellItemSource {
    var cellItems: [Any] { sections.flatMap(\.items) }
}
