// MARK: - SectionedDataSource

/// Sections of heterogeneous items, each drawn by the renderer its type is registered with.
///
/// The three jobs of a data source: its items (``sections``), a renderer per item (the
/// ``CellRegistry``), and an empty state (per section). Every item, header and footer is checked
/// against the registry when the data source is made, so an unregistered type is an error at
/// configuration time, not a silently missing cell.
///
/// Each section renders through `sectionTemplate` (default `Tessera/Section`, which wraps the
/// items in an element marked `data-items` so "load more" can append to it) with the names
/// `id`, `header`, `items`, `footer` and `isEmpty`.
public struct SectionedDataSource: HTMLFragment, TemplateReadable, @unchecked Sendable {
    /// The sections, in display order.
    public let sections: [DataSourceSection]
    /// The renderers.
    public let registry: CellRegistry
    /// The template each section is drawn with.
    public let sectionTemplate: String

    /// A data source; throws ``DataSourceError`` naming the first item, header or footer whose
    /// type has no renderer.
    public init(
        sections: [DataSourceSection], registry: CellRegistry, sectionTemplate: String = BuiltInTemplates.section
    ) throws(DataSourceError) {
        for (index, section) in sections.enumerated() {
            try Self.check(section.header, .header, index, registry)
            try Self.check(section.footer, .footer, index, registry)
            for item in section.items { try Self.check(item, .cell, index, registry) }
        }
        self.sections = sections
        self.registry = registry
        self.sectionTemplate = sectionTemplate
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

    /// Markup (its cells are drawn through the registry, chosen at run time).
    public static var templateShape: TemplateShape { .markup([]) }
    /// `.fragment(self)`.
    public var templateValue: TemplateValue { .fragment(self) }

    /// Writes each section through ``sectionTemplate``, in order.
    public func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        for section in sections {
            renderer.render(sectionTemplate, SectionModel(section: section, registry: registry), into: &writer)
        }
    }

    /// What the section template reads: `id`, `isEmpty`, `header`, `items`, `footer`.
    struct SectionModel: TemplateModel {
        let section: DataSourceSection
        let registry: CellRegistry

        static let templateKeys: [TemplateKey<SectionModel>] = [
            TemplateKey("id") { $0.section.id },
            TemplateKey("isEmpty") { $0.section.items.isEmpty },
            TemplateKey(name: "header", type: OpaqueMarkup.self) { model in
                model.section.header.map { .fragment(Drawn(value: $0, role: .header, registry: model.registry)) } ?? .null
            },
            TemplateKey(name: "footer", type: OpaqueMarkup.self) { model in
                model.section.footer.map { .fragment(Drawn(value: $0, role: .footer, registry: model.registry)) } ?? .null
            },
            TemplateKey(name: "items", type: OpaqueMarkup.self) { model in
                if model.section.items.isEmpty {
                    model.section.emptyState.map { .fragment($0) } ?? .null
                } else {
                    .fragment(Drawn(value: model.section.items, role: .cell, registry: model.registry))
                }
            },
        ]
    }

    /// A header, a footer, or a list of items, drawn through the registry.
    struct Drawn: HTMLFragment {
        let value: Any
        let role: CellRegistry.Role
        let registry: CellRegistry

        func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
            let values = role == .cell ? (value as? [Any] ?? []) : [value]
            for value in values {
                registry.entry(for: value, role: role)?.write(value, &writer, renderer)
            }
        }
    }
}
