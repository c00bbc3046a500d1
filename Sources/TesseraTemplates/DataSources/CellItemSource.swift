// MARK: - CellItemSource

/// A data source, as the framework walks it for the children its cells hold (a list's
/// ``ChildSlot``): every item it draws with a cell, in order.
package protocol CellItemSource {
    /// The items of its cells (not its headers or footers), in the order they are drawn.
    var cellItems: [Any] { get }
}

extension ArrayDataSource: CellItemSource {
    package var cellItems: [Any] { items }
}

extension SectionedDataSource: CellItemSource {
    package var cellItems: [Any] { sections.flatMap(\.items) }
}
