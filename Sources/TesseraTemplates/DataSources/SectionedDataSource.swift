// MARK: - SectionedDataSource

/// Sections of heterogeneous items, each drawn by the cell renderer of its type.
///
/// The three jobs of a data source: its items (``sections``), a renderer per item type (its
/// ``CellRegistry``, the cells listed in its closure), and an empty state (per section). Every
/// item, header and footer is checked against the cells when the data source is made, so a type
/// no cell draws is an error at configuration time, not a silently missing cell.
///
/// ```swift
/// try SectionedDataSource(sections: [DataSourceSection(header: FeedHeader(), items: posts + photos)]) {
///     BlogCell(blogURL: links.blog)
///     PhotoCell(photoURL: links.photo)
///     FeedHeaderCell()
/// }
/// ```
///
/// Each section is drawn by `Section` (a ``SectionRenderer``; ``StandardSection``, Tessera's
/// `Tessera/Section`, unless the type names another), whose template reads ``SectionModel``:
/// `id`, `header`, `items`, `footer` and `isEmpty`. The section's type is part of the data
/// source's, so the template checks find its template wherever a view model holds one.
public struct SectionedDataSource<Section: SectionRenderer>: HTMLFragment, TemplateReadable, Sendable {
    /// The sections, in display order.
    public let sections: [DataSourceSection]
    /// The renderers.
    let registry: CellRegistry

    /// A data source of `sections` drawn by the renderers `cells` lists; throws
    /// ``DataSourceError`` naming the first item, header or footer whose type no cell draws.
    public init(sections: [DataSourceSection], @CellRegistry cells: () -> CellRegistry) throws(DataSourceError) {
        let registry = cells()
        for (index, section) in sections.enumerated() {
            try Self.check(section.header, .header, index, registry)
            try Self.check(section.footer, .footer, index, registry)
            for item in section.items { try Self.check(item, .item, index, registry) }
        }
        self.sections = sections
        self.registry = registry
    }

    private static func check(_ value: Any?, _ role: DataSourceError.Role, _ section: Int, _ registry: CellRegistry)
        throws(DataSourceError)
    {
        guard let value, registry.entry(for: value) == nil else { return }
        throw DataSourceError(typeName: String(reflecting: type(of: value)), role: role, section: section)
    }

    /// Whether no section has any item (each section then draws its own empty state).
    public var isEmpty: Bool { sections.allSatisfy(\.items.isEmpty) }

    // MARK: - Rendering

    /// Markup drawn by `Section`, whose template is checked against ``SectionModel`` (its
    /// cells are chosen at run time through the registry: a component lists them in
    /// ``Component/cellTypes``).
    public static var templateShape: TemplateShape { .markup([Section.self]) }
    /// `.fragment(self)`.
    public var templateValue: TemplateValue { .fragment(self) }

    /// Writes each section with `Section`, in order.
    public func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        Section().write(sections.lazy.map { SectionModel(section: $0, registry: registry) }, into: &writer, renderer: renderer)
    }
}
