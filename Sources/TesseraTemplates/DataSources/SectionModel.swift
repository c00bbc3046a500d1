// MARK: - SectionModel

/// What a section template of a ``SectionedDataSource`` reads: `id`, `isEmpty`, `header`,
/// `items` (the cells, or the section's empty state when it has none) and `footer`.
public struct SectionModel: TemplateModel {
    let section: DataSourceSection
    let registry: CellRegistry

    /// The keys, in order.
    public static let templateKeys: [TemplateKey<SectionModel>] = [
        TemplateKey("id") { $0.section.id },
        TemplateKey("isEmpty") { $0.section.items.isEmpty },
        TemplateKey(name: "header", type: OpaqueMarkup.self) { model in
            model.section.header.map { .fragment(Drawn(value: $0, isList: false, registry: model.registry)) } ?? .null
        },
        TemplateKey(name: "footer", type: OpaqueMarkup.self) { model in
            model.section.footer.map { .fragment(Drawn(value: $0, isList: false, registry: model.registry)) } ?? .null
        },
        TemplateKey(name: "items", type: OpaqueMarkup.self) { model in
            if model.section.items.isEmpty {
                model.section.emptyState.map { .fragment($0) } ?? .null
            } else {
                .fragment(Drawn(value: model.section.items, isList: true, registry: model.registry))
            }
        },
    ]

    // MARK: - Drawn

    /// A header, a footer, or a list of items, drawn through the registry.
    struct Drawn: HTMLFragment {
        let value: Any
        /// Whether `value` is the section's items (else its header or footer).
        let isList: Bool
        let registry: CellRegistry

        func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
            let values = isList ? (value as? [Any] ?? []) : [value]
            for value in values {
                registry.entry(for: value)?.write(value, &writer, renderer)
            }
        }
    }
}

// MARK: - SectionRenderer

/// Draws each section of a ``SectionedDataSource``: a type whose template reads a
/// ``SectionModel``, found like a cell's (`Views/**/<TypeName>.mustache`, or ``CellRenderer/template``
/// to name another) and checked at start-up against ``SectionModel`` wherever a view model holds
/// a `SectionedDataSource` drawn by it.
///
/// ```swift
/// struct MessageSection: SectionRenderer {}   // Views/Messages/MessageSection.mustache
/// let source = try SectionedDataSource<MessageSection>(sections: sections) { TextMessageCell(); ImageMessageCell() }
/// ```
public protocol SectionRenderer: CellRenderer where Item == SectionModel, CellModel == SectionModel {
    /// The renderer; a data source makes one to draw its sections.
    init()
}

extension SectionRenderer {
    /// The section itself: its model is ready.
    public func viewModel(for section: SectionModel) -> SectionModel { section }
}

// MARK: - StandardSection

/// Tessera's section (the built-in `Tessera/Section`): the header, the items in an element
/// marked `data-items` (where "load more" appends), the footer.
public struct StandardSection: SectionRenderer {
    /// ``BuiltInTemplates/section``.
    public static var template: String? { BuiltInTemplates.section }
    /// The renderer.
    public init() {}
}
