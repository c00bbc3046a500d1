// MARK: - CellRegistry

/// A data source's registry from item type to the cell renderer that draws it, written as the
/// list of its renderers in the data source's closure:
///
/// ```swift
/// try SectionedDataSource(sections: [section]) {
///     BlogCell(blogURL: links.blog)     // draws BlogListItem
///     PhotoCell(photoURL: links.photo)  // draws Photo
///     FeedHeaderCell()                  // draws the section's FeedHeader
/// }
/// ```
///
/// A renderer draws every value of its item type wherever it stands: an item, a section's
/// header or its footer. Adding a kind of cell is one more line: no `switch` over item types
/// anywhere. `@Component` lists the renderers written there as the component's
/// ``Component/cellTypes``, whose templates start-up checks.
@resultBuilder
public struct CellRegistry: Sendable {
    /// A type-erased renderer for one item type: writes an item known to be of that type.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline let type: ObjectIdentifier
        @usableFromInline let write: @Sendable (Any, inout HTMLWriter, TemplateRenderer) -> Void

        /// The entry of `renderer`, compiled for its concrete type.
        @inlinable
        init<Renderer: CellRenderer>(_ renderer: Renderer) {
            type = ObjectIdentifier(Renderer.Item.self)
            write = { item, writer, templates in
                guard let item = item as? Renderer.Item else { return }
                renderer.write(CollectionOfOne(item), into: &writer, renderer: templates)
            }
        }
    }

    /// The renderers, searched in order: a list registers a handful, which a scan finds faster
    /// than a hash lookup.
    @usableFromInline let entries: [Entry]

    @usableFromInline
    init(entries: [Entry]) {
        self.entries = entries
    }

    /// The renderer for `item`'s dynamic type, if registered.
    func entry(for item: Any) -> Entry? {
        let type = ObjectIdentifier(Swift.type(of: item))
        return entries.first { $0.type == type }
    }

    // MARK: - Building

    /// One renderer. Inlinable so that its entry is compiled for the app's concrete renderer.
    @inlinable
    public static func buildExpression<Renderer: CellRenderer>(_ renderer: Renderer) -> CellRegistry {
        CellRegistry(entries: [Entry(renderer)])
    }

    /// The renderers in order; a later one for the same item type replaces the earlier.
    public static func buildBlock(_ parts: CellRegistry...) -> CellRegistry {
        var entries: [Entry] = []
        for entry in parts.flatMap(\.entries) {
            if let index = entries.firstIndex(where: { $0.type == entry.type }) {
                entries[index] = entry
            } else {
                entries.append(entry)
            }
        }
        return CellRegistry(entries: entries)
    }

    /// Renderers under an `if`.
    public static func buildOptional(_ part: CellRegistry?) -> CellRegistry { part ?? CellRegistry(entries: []) }
    /// Renderers in the first branch of an `if`/`else`.
    public static func buildEither(first part: CellRegistry) -> CellRegistry { part }
    /// Renderers in the second branch of an `if`/`else`.
    public static func buildEither(second part: CellRegistry) -> CellRegistry { part }
}
