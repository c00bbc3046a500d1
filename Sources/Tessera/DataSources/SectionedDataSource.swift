// MARK: - SectionedDataSource

/// Sections of heterogeneous items, each drawn by the renderer its type is registered with.
///
/// The three jobs of a data source: its items (``sections``), a renderer per item (the
/// ``CellRegistry``), and an empty state (per section). Every item, header and footer is checked
/// against the registry when the data source is made, so an unregistered type is an error at
/// configuration time, not a silently missing cell.
///
/// Each section is drawn by `Section` (a ``SectionRenderer``; ``StandardSection``, Tessera's
/// `Tessera/Section`, unless the type names another), whose template reads ``SectionModel``:
/// `id`, `header`, `items`, `footer` and `isEmpty`. The section's type is part of the data
/// source's, so the template checks find its template wherever a view model holds one.
public struct SectionedDataSource<Section: SectionRenderer>: HTMLFragment, TemplateReadable, Sendable {
    /// The sections, in display order.
    public let sections: [DataSourceSection]
    /// The renderers.
    public let registry: CellRegistry

    /// A data source; throws ``DataSourceError`` naming the first item, header or footer whose
    /// type has no renderer.
    public init(sections: [DataSourceSection], registry: CellRegistry) throws(DataSourceError) {
        for (index, section) in sections.enumerated() {
            try Self.check(section.header, .header, index, registry)
            try Self.check(section.footer, .footer, index, registry)
            for item in section.items { try Self.check(item, .cell, index, registry) }
        }
        self.sections = sections
        self.registry = registry
    }

    private static func check(_ value: Any?, _ role: CellRegistry.Role, _ section: Int, _ registry: CellRegistry)
        throws(DataSourceError)
    {
        guard let value, registry.entry(for: value, role: role) == nil else { return }
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
