// MARK: - CellRegistry

/// Maps item types to the cell renderers that draw them, with separate maps for section
/// headers and footers (one map each for cells, headers and footers).
///
/// Adding a new kind of cell is one `register` call: no `switch` over item types anywhere.
public struct CellRegistry: Sendable {
    /// Which map a renderer belongs to.
    public enum Role: String, Sendable {
        case cell, header, footer
    }

    /// A type-erased renderer: writes one item known to be of its type.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline let write: @Sendable (Any, inout HTMLWriter, TemplateRenderer) -> Void

        @inlinable init(write: @escaping @Sendable (Any, inout HTMLWriter, TemplateRenderer) -> Void) { self.write = write }
    }

    @usableFromInline var entries: [Role: [ObjectIdentifier: Entry]] = [:]

    /// An empty registry.
    public init() {}

    /// Registers `renderer` for items of type `Renderer.Item` in `role` (default `.cell`).
    /// A later registration for the same type and role replaces the earlier one.
    @inlinable  // so the entry's closure is compiled for the app's concrete renderer
    public mutating func register<Renderer: CellRenderer>(_ renderer: Renderer, as role: Role = .cell) {
        let entry = Entry(
            write: { item, writer, templates in
                guard let item = item as? Renderer.Item else { return }
                renderer.write(CollectionOfOne(item), into: &writer, renderer: templates)
            })
        entries[role, default: [:]][ObjectIdentifier(Renderer.Item.self)] = entry
    }

    /// Returns a copy with `renderer` registered (for building registries in one expression).
    @inlinable
    public func registering<Renderer: CellRenderer>(_ renderer: Renderer, as role: Role = .cell) -> CellRegistry {
        var copy = self
        copy.register(renderer, as: role)
        return copy
    }

    /// The renderer for `item`'s dynamic type in `role`, if registered.
    func entry(for item: Any, role: Role) -> Entry? {
        entries[role]?[ObjectIdentifier(type(of: item))]
    }
}
