// MARK: - ChildOutlets

/// Where a page's loaded children are found while it renders, and what a parent being stored
/// for reuse learns about them: the bytes each child wrote inside it (holes the reused fragment
/// fills with fresh children) and the per-request values they read (which do not make the
/// parent personal).
///
/// A page's renderer carries one as its ``TemplateRenderer/host``: the template engine only
/// hands it on, and knows nothing of components or reuse.
final class ChildOutlets {
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

    private var scopes: [(children: [LoadedComponent], next: Int, holes: [Hole], personalReads: Int)] = []

    /// Starts the rendering of a parent holding `children`.
    func enter(_ children: [LoadedComponent]) { scopes.append((children, 0, [], 0)) }

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
}
