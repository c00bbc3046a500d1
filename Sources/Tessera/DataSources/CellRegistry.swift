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

    /// A type-erased renderer for one item type in one role: writes an item known to be of
    /// that type.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline let role: Role
        @usableFromInline let type: ObjectIdentifier
        @usableFromInline let write: @Sendable (Any, inout HTMLWriter, TemplateRenderer) -> Void

        @inlinable
        init(role: Role, type: ObjectIdentifier, write: @escaping @Sendable (Any, inout HTMLWriter, TemplateRenderer) -> Void) {
            self.role = role
            self.type = type
            self.write = write
        }
    }

    /// The renderers, searched in order: a list registers a handful, which a scan finds faster
    /// than two hash lookups, and a page builds its registries per request.
    @usableFromInline var entries: [Entry] = []

    /// An empty registry.
    public init() {}

    /// Registers `renderer` for items of type `Renderer.Item` in `role` (default `.cell`).
    /// A later registration for the same type and role replaces the earlier one.
    @inlinable  // so the entry's closure is compiled for the app's concrete renderer
    public mutating func register<Renderer: CellRenderer>(_ renderer: Renderer, as role: Role = .cell) {
        let type = ObjectIdentifier(Renderer.Item.self)
        let entry = Entry(
            role: role, type: type,
            write: { item, writer, templates in
                guard let item = item as? Renderer.Item else { return }
                renderer.write(CollectionOfOne(item), into: &writer, renderer: templates)
            })
        if let index = entries.firstIndex(where: { $0.role == role && $0.type == type }) {
            entries[index] = entry
        } else {
            entries.append(entry)
        }
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
        let type = ObjectIdentifier(Swift.type(of: item))
        return entries.first { $0.type == type && $0.role == role }
    }
}
