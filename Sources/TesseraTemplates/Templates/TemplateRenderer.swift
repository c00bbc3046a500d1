// MARK: - TemplateRenderer

/// Runs compiled templates against view models, appending bytes to a writer.
///
/// Name lookup follows Mustache: the first part of a dotted name is searched from the innermost
/// context outwards; the remaining parts only inside what it found. Block overrides of parent
/// templates are searched from the most derived template first.
public struct TemplateRenderer {
    /// The library partials and parents are looked up in.
    public let library: TemplateLibrary
    /// The outermost context of every render: values any template may read, such as the
    /// request's CSRF token or the signed-in user (default none).
    public let globals: TemplateValue
    /// What the code that started the render carries along for the fragments written inside it
    /// (a page's components find their children there); the engine asks it for the values
    /// around each cell it draws.
    @usableFromInline package let host: (any CellContextHost)?

    /// A renderer over `library`, with `globals` below every view model.
    public init(library: TemplateLibrary, globals: TemplateValue = .null) {
        self.init(library: library, globals: globals, host: nil)
    }

    /// A renderer over `library`, with `globals` below every view model, carrying `host`.
    package init(library: TemplateLibrary, globals: TemplateValue, host: (any CellContextHost)?) {
        self.library = library
        self.globals = globals
        self.host = host
    }

    /// A reusable pass, for renderers that draw many small templates (cells).
    @usableFromInline
    func makePass() -> RenderPass { RenderPass(renderer: self, stack: []) }

    // MARK: - Rendering

    /// Renders template `name` with `model` into `writer`; a missing template writes a comment.
    public func render(_ name: String, _ model: any ViewModel, into writer: inout HTMLWriter) {
        guard let template = library.templates[name] else {
            writer.writeRaw("<!-- missing template -->")
            return
        }
        render(template, model, into: &writer)
    }

    /// Renders `template` with `model` into `writer`.
    public func render(_ template: Template, _ model: any ViewModel, into writer: inout HTMLWriter) {
        var pass = makePass()
        pass.render(template, model, into: &writer)
    }

    /// Renders `template` with any value as the root context (the spec tests use scalars).
    func render(_ template: Template, root: TemplateValue, into writer: inout HTMLWriter) {
        var pass = RenderPass(renderer: self, stack: [globals, root])
        pass.run(template.nodes, into: &writer)
    }

    /// Renders `template` with `model` and returns the markup.
    public func render(_ template: Template, _ model: any ViewModel) -> HTML {
        var writer = HTMLWriter()
        render(template, model, into: &writer)
        return HTML(rendered: writer.bytes)
    }
}

// MARK: - CellContextHost

/// A renderer's host that adds values around a cell of a list (a page's components: the
/// children a cell holds, `children.<slot>`). The engine asks it for each cell it draws.
@usableFromInline
package protocol CellContextHost: AnyObject {
    /// Values `item`'s cell reads besides its model, or nil for none.
    func context<Item>(forCell item: Item) -> (any ViewModel)?
}

// MARK: - RenderPass

/// The mutable state of one render: the context stack and the block overrides in force.
///
/// The stack is kept twice: `values` holds every context (the implicit iterator reads its top)
/// and `models` only the objects, which are the only contexts that answer names. Lookups call
/// `models[i].value(forKey:)` in place, so no context is copied on the hot path.
@usableFromInline
struct RenderPass {
    let renderer: TemplateRenderer
    var values: [TemplateValue] = []
    @usableFromInline var models: [any ViewModel] = []
    var overrides: [[String: [TemplateNode]]] = []

    init(renderer: TemplateRenderer, stack: [TemplateValue]) {
        self.renderer = renderer
        for value in stack { push(value) }
    }

    /// Renders `template` with `model` on top of the globals, reusing this pass's storage.
    mutating func render(_ template: Template, _ model: any ViewModel, into writer: inout HTMLWriter) {
        values.removeAll(keepingCapacity: true)
        models.removeAll(keepingCapacity: true)
        overrides.removeAll(keepingCapacity: true)
        if case .object(let globals) = renderer.globals { models.append(globals) }
        models.append(model)
        run(template.nodes, into: &writer)
    }

    /// Renders `template` with `model` pushed on the current stack (cells of a list).
    /// Renders `template` for one cell whose model is `model`, specialised for its type (see
    /// ``CellStep``): the pass's stack holds the outer contexts (the globals), and the model is
    /// pushed only around a node that needs the general renderer.
    @inlinable
    mutating func renderCell<Model: ViewModel>(_ template: Template, _ model: Model, into writer: inout HTMLWriter) {
        for step in template.cellSteps {
            switch step {
            case .text(let bytes):
                writer.writeRaw(bytes)
            case .key(let key, let name, let context):
                if let value = model.value(forKey: key) {
                    write(value, context, into: &writer)
                } else {
                    write(lookup(name), context, into: &writer)
                }
            case .node(let index):
                models.append(model)
                runNode(at: index, of: template, into: &writer)
                models.removeLast()
            }
        }
    }

    private mutating func push(_ value: TemplateValue) {
        if case .object(let model) = value { models.append(model) }
        values.append(value)
    }

    private mutating func pop() {
        if case .object = values.removeLast() { models.removeLast() }
    }

    // MARK: - Nodes

    mutating func run(_ nodes: [TemplateNode], into writer: inout HTMLWriter) {
        var index = 0
        while index < nodes.count {
            run(nodes[index], into: &writer)
            index += 1
        }
    }

    /// Runs the node at `index` of `template`'s top level.
    @usableFromInline
    mutating func runNode(at index: Int, of template: Template, into writer: inout HTMLWriter) {
        run(template.nodes[index], into: &writer)
    }

    /// Runs one node.
    private mutating func run(_ node: TemplateNode, into writer: inout HTMLWriter) {
        switch node {
        case .text(let text):
            writer.writeRaw(text.buffer)
        case .variable(let name, let context):
            write(lookup(name), context, into: &writer)
        case .section(let name, let body, let inverted):
            let value = lookup(name)
            if inverted {
                if !value.isTruthy { run(body, into: &writer) }
            } else if case .list(let items) = value {
                for item in items {
                    push(item)
                    run(body, into: &writer)
                    pop()
                }
            } else if value.isTruthy {
                push(value)
                run(body, into: &writer)
                pop()
            }
        case .partial(let key):
            if let template = renderer.library.templates[key] { run(template.nodes, into: &writer) }
        case .parent(let key, let blocks):
            guard let template = renderer.library.templates[key] else { return }
            overrides.append(blocks)
            run(template.nodes, into: &writer)
            overrides.removeLast()
        case .block(let name, let defaultBody, let indentation):
            if let body = override(for: name) {
                run(indentation.isEmpty ? body : body.indentingLines(by: indentation), into: &writer)
            } else {
                run(defaultBody, into: &writer)
            }
        }
    }

    private func override(for name: String) -> [TemplateNode]? {
        for blocks in overrides {
            if let body = blocks[name] { return body }
        }
        return nil
    }

    // MARK: - Lookup

    @usableFromInline
    func lookup(_ name: VariableName) -> TemplateValue {
        guard let first = name.first else {
            // The implicit iterator: the innermost context, or the render's model at the root.
            if let top = values.last { return top }
            return models.last.map { .object($0) } ?? .null
        }
        // Through the buffer: each model is asked in place, not copied out of the array first.
        return models.withUnsafeBufferPointer { models in
            var index = models.count - 1
            while index >= 0 {
                if let hit = models[index].value(forKey: first) {
                    guard let rest = name.rest else { return hit }
                    return resolve(rest, in: hit)
                }
                index -= 1
            }
            return .null
        }
    }

    /// The rest of a dotted name, looked up only inside what its first part found.
    private func resolve(_ parts: [String], in value: TemplateValue) -> TemplateValue {
        var current = value
        for part in parts {
            guard case .object(let model) = current, let next = model.value(forKey: part) else { return .null }
            current = next
        }
        return current
    }

    // MARK: - Output

    @usableFromInline
    func write(_ value: TemplateValue, _ context: OutputContext, into writer: inout HTMLWriter) {
        switch value {
        case .string(let text):
            switch context {
            case .text, .attribute: writer.writeEscaped(text)
            case .url: writer.writeURL(text)
            case .raw:
                if renderer.library.options.allowsRawStrings {
                    writer.writeRaw(Array(text.utf8))
                } else {
                    writer.writeEscaped(text)
                }
            case .plain:
                writer.writeRaw(Array(text.utf8))
            }
        case .int(let number):
            writer.write(number)
        case .bool(let flag):
            writer.writeRaw(flag ? "true" : "false")
        case .html(let html):
            writeMarkup(html.bytes, context, into: &writer)
        case .fragment(let fragment):
            if context == .text || context == .raw || context == .plain {
                fragment.write(into: &writer, renderer: renderer)
            } else {
                var scratch = HTMLWriter()
                fragment.write(into: &scratch, renderer: renderer)
                writeMarkup(scratch.bytes, context, into: &writer)
            }
        case .object, .list, .null:
            break
        }
    }

    /// Markup goes out as is in element text; in an attribute it is escaped like any string.
    private func writeMarkup(_ bytes: [UInt8], _ context: OutputContext, into writer: inout HTMLWriter) {
        switch context {
        case .text, .raw, .plain: writer.writeRaw(bytes)
        case .attribute: bytes.withUnsafeBufferPointer { writer.writeEscaped($0) }
        case .url: writer.writeURL(String(decoding: bytes, as: UTF8.self))
        }
    }
}
