import Synchronization

// MARK: - ChildComponent

/// A child component placed by its parent (``ComponentScope/child(_:key:)``), for the parent's
/// (or a cell's) model: written in a template (`{{likeButton}}`), it is the child's whole
/// fragment, loaded after the parent.
public struct ChildComponent: HTMLFragment, TemplateReadable, Sendable {
    /// The child's id on the page (`<parent id>-<name>-<key>`).
    public let id: String

    /// Markup, written in place.
    public static var templateShape: TemplateShape { .markup([]) }
    /// `.fragment(self)`.
    public var templateValue: TemplateValue { .fragment(self) }

    /// Writes the child's fragment, loaded by then; nothing when the page holds no such child.
    public func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        renderer.childOutlets.write(id, into: &writer, renderer: renderer)
    }
}

// MARK: - ChildRegistry

/// The children a component's `load` placed, in order: handed back with its model.
final class ChildRegistry: Sendable {
    private let placed = Mutex<[(id: String, component: any Component)]>([])

    /// Notes the child `component` as `id` (once).
    func place(_ component: any Component, id: String) {
        placed.withLock { list in
            if !list.contains(where: { $0.id == id }) { list.append((id, component)) }
        }
    }

    /// Everything placed so far.
    var children: [(id: String, component: any Component)] { placed.withLock { $0 } }
}

// MARK: - ChildOutlets

/// Where a page's loaded children are found while it renders, and what a parent being stored
/// for reuse learns about them: the bytes each child wrote inside it (holes the reused fragment
/// fills with fresh children) and the per-request values they read (which do not make the
/// parent personal).
final class ChildOutlets {
    /// A child written inside a parent: where its bytes are in the writer, and what it is.
    struct Hole {
        let start: Int
        let end: Int
        let id: String
        let component: any Component
    }

    private var scopes: [(children: [MountedComponent], holes: [Hole], personalReads: Int)] = []

    /// Starts the rendering of a parent holding `children`.
    func enter(_ children: [MountedComponent]) { scopes.append((children, [], 0)) }

    /// Ends it: the holes its children left, and the personal reads they made.
    func leave() -> (holes: [Hole], personalReads: Int) {
        guard let last = scopes.popLast() else { return ([], 0) }
        return (last.holes, last.personalReads)
    }

    /// Writes child `id` of the parent being rendered.
    func write(_ id: String, into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        guard let index = scopes.indices.last, let child = scopes[index].children.first(where: { $0.id == id }) else { return }
        let (start, reads) = (writer.byteCount, renderer.personalReads)
        child.write(into: &writer, renderer: renderer)
        scopes[index].holes.append(Hole(start: start, end: writer.byteCount, id: id, component: child.component))
        scopes[index].personalReads += renderer.personalReads - reads
    }
}
