// MARK: - DataSourceSection

/// One section of a ``SectionedDataSource``: an optional header, heterogeneous items, an
/// optional footer, and what to show when it has no items.
public struct DataSourceSection: Sendable {
    /// A stable id for the section's element (`id="…"`), or nil.
    public var id: String?
    /// Drawn by the registry's header renderer for its type; nil for none.
    public var header: (any Sendable)?
    /// Drawn one by one by the registry's cell renderer for each item's type.
    public var items: [any Sendable]
    /// Drawn by the registry's footer renderer for its type; nil for none.
    public var footer: (any Sendable)?
    /// Shown instead of the items when there are none; nil shows nothing.
    public var emptyState: EmptyState?

    /// A section; everything but `items` defaults to none.
    public init(
        id: String? = nil, header: (any Sendable)? = nil, items: [any Sendable], footer: (any Sendable)? = nil,
        emptyState: EmptyState? = nil
    ) {
        self.id = id
        self.header = header
        self.items = items
        self.footer = footer
        self.emptyState = emptyState
    }
}
