// MARK: - ChildComponent

/// A child component placed by its parent (``ComponentScope/child(_:key:)``), for the parent's
/// (or a cell's) model: written in a template (`{{likeButton}}`), it is the child's whole
/// fragment, loaded after the parent.
public struct ChildComponent: HTMLFragment, TemplateReadable, Sendable {
    /// The child's id on the page (`<parent id>-<name>-<key>`).
    package let id: String

    /// Markup, written in place.
    public static var templateShape: TemplateShape { .markup([]) }
    /// `.fragment(self)`.
    public var templateValue: TemplateValue { .fragment(self) }

    /// Writes the child's fragment, loaded by then; nothing when the page holds no such child.
    public func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        ChildOutlets.of(renderer)?.write(id, into: &writer, renderer: renderer)
    }
}
