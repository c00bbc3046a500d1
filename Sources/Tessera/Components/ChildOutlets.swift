// MARK: - ChildOutlets

/// Where a page's loaded children are found while it renders, and what a parent being stored
/// for reuse learns about them: the bytes each child wrote inside it (holes the reused fragment
/// fills with fresh children) and the per-request values they read (which do not make the
/// parent personal).
///
/// A page's renderer carries one as its `TemplateRenderer.host`: the template engine only
/// hands it on, and knows nothing of components or reuse.
final class ChildOutlets: CellContextHost {
    /// The request's globals, which count the per-request values templates read.
    private let globals: RequestGlobals?

    /// Outlets for a page whose templates read `globals`.
    init(globals: RequestGlobals?) {
        self.globals = globals
    }

    /// The outlets `renderer` carries, if it renders a page.
    static func of(_ renderer: TemplateRenderer) -> ChildOutlets? { renderer.host as? ChildOutlets }

    /// How many per-request values (``RequestGlobals/personalReads``) the page's templates have
    /// read so far: a fragment whose count moved while it was written is not kept for reuse.
    var personalReads: Int { globals?.personalReads ?? 0 }

    /// A child written inside a parent: where its bytes are in the writer, and what it is.
    struct Hole {
        let start: Int
        let end: Int
        let id: String
        let component: any Component
        let parentQuery: [(String, String)]
    }

    /// A parent being rendered: its children, the next one expected, what they wrote, and its
    /// list slots (whose children its cells write).
    private struct Scope {
        let children: [LoadedComponent]
        var next = 0
        var holes: [Hole] = []
        var personalReads = 0
        let parentID: String
        let cellSlots: [any CellChildDeclaration]
    }

    private var scopes: [Scope] = []

    /// Starts the rendering of parent `parentID` of type `type`, holding `children`.
    func enter(_ children: [LoadedComponent], parentID: String, type: any Component.Type) {
        let cellSlots = children.isEmpty ? [] : type.children.compactMap(\.cellSlot)
        scopes.append(Scope(children: children, parentID: parentID, cellSlots: cellSlots))
    }

    /// Ends it: the holes its children left, and the personal reads they made.
    func leave() -> (holes: [Hole], personalReads: Int) {
        guard let last = scopes.popLast() else { return ([], 0) }
        return (last.holes, last.personalReads)
    }

    /// Writes child `id` of the parent being rendered (found at once when the template writes
    /// the children in the order the parent placed them, as lists do).
    func write(_ id: String, into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        guard let index = scopes.indices.last else { return }
        let (children, next) = (scopes[index].children, scopes[index].next)
        let found = next < children.count && children[next].id == id ? next : children.firstIndex { $0.id == id }
        guard let found else { return }
        let child = children[found]
        scopes[index].next = found + 1
        let (start, reads) = (writer.byteCount, personalReads)
        child.write(into: &writer, renderer: renderer)
        let hole = Hole(start: start, end: writer.byteCount, id: id, component: child.placed.component, parentQuery: child.placed.parentQuery)
        scopes[index].holes.append(hole)
        scopes[index].personalReads += personalReads - reads
    }

    // MARK: - Cells

    /// For a cell drawing `item` inside the parent being rendered: `children.<slot>` for each of
    /// the parent's list slots of `Item`'s type, or nil when it has none.
    func context<Item>(forCell item: Item) -> (any ViewModel)? {
        guard let scope = scopes.last, !scope.cellSlots.isEmpty else { return nil }
        let type = ObjectIdentifier(Item.self)
        guard scope.cellSlots.contains(where: { $0.cellItemType == type }) else { return nil }
        return CellChildren(item: item, itemType: type, parentID: scope.parentID, slots: scope.cellSlots)
    }
}

// MARK: - CellChildren

/// What a cell's template reads besides its model: `children.<slot>`, the child its parent
/// placed for the cell's item.
private struct CellChildren: ViewModel {
    let item: Any
    let itemType: ObjectIdentifier
    let parentID: String
    /// The parent's list slots, of any item type.
    let slots: [any CellChildDeclaration]

    func value(forKey key: String) -> TemplateValue? {
        key == "children" ? .object(Slots(cell: self)) : nil
    }

    /// The `children` map: a slot's name gives its child, or nothing when none is placed.
    struct Slots: ViewModel {
        let cell: CellChildren
        func value(forKey key: String) -> TemplateValue? {
            guard let slot = cell.slots.first(where: { $0.name == key && $0.cellItemType == cell.itemType }),
                let id = slot.cellChildID(of: cell.item, parentID: cell.parentID)
            else { return .null }
            return .fragment(ChildComponent(id: id))
        }
    }
}
