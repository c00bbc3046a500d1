// MARK: - Template

/// One compiled template: the render program of a `Views/…mustache` file.
///
/// A final class, so that finding one while rendering retains one reference, not each part.
public final class Template: Sendable {
    /// The template's name: its path under `Views/` without the extension (`Users/BlogList`).
    public let name: String
    /// The program.
    package let nodes: [TemplateNode]
    /// The program's top level as steps a cell's render runs with its model's concrete type
    /// (see ``CellStep``).
    @usableFromInline let cellSteps: [CellStep]

    init(name: String, nodes: [TemplateNode]) {
        self.name = name
        self.nodes = nodes
        cellSteps = nodes.indices.map { index in
            switch nodes[index] {
            case .text(let text): .text(text.buffer)
            case .variable(let name, let context) where name.first != nil && name.rest == nil:
                .key(name.first!, name, context)
            default: .node(index)
            }
        }
    }
}

// MARK: - CellStep

/// One top-level node of a template, as a cell's render runs it. Code specialised for the
/// cell's model type (``CellRenderer``'s loop, inlined into the app) writes literal bytes and
/// reads plain keys straight from the model, with no existential and no context stack; any
/// other node (a section, a dotted name, a partial) runs through the general renderer with the
/// model pushed.
@usableFromInline
enum CellStep: @unchecked Sendable {
    /// Literal bytes (the template's own, alive as long as the library).
    case text(UnsafeBufferPointer<UInt8>)
    /// A plain key: read from the model first, then from the outer contexts.
    case key(String, VariableName, OutputContext)
    /// The node at this index of ``Template/nodes``.
    case node(Int)
}
