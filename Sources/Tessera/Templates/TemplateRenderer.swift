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

    /// A renderer over `library`, with `globals` below every view model.
    public init(library: TemplateLibrary, globals: TemplateValue = .null) {
        self.library = library
        self.globals = globals
    }

    /// A reusable pass, for renderers that draw many small templates (cells).
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
        var pass = RenderPass(renderer: self, stack: [root])
        pass.run(template.nodes, into: &writer)
    }

    /// Renders `template` with `model` and returns the markup.
    public func render(_ template: Template, _ model: any ViewModel) -> HTML {
        var writer = HTMLWriter()
        render(template, model, into: &writer)
        return HTML(rendered: writer.bytes)
    }
}

// MARK: - RenderPass

/// The mutable state of one render: the context stack and the block overrides in force.
struct RenderPass {
    let renderer: TemplateRenderer
    var stack: [TemplateValue]
    var overrides: [[String: [TemplateNode]]] = []

    init(renderer: TemplateRenderer, stack: [TemplateValue]) {
        self.renderer = renderer
        self.stack = stack
    }

    /// Renders `template` with `model` on top of the globals, reusing this pass's storage.
    mutating func render(_ template: Template, _ model: any ViewModel, into writer: inout HTMLWriter) {
        stack.removeAll(keepingCapacity: true)
        overrides.removeAll(keepingCapacity: true)
        if case .object = renderer.globals { stack.append(renderer.globals) }
        stack.append(.object(model))
        run(template.nodes, into: &writer)
    }

    // MARK: - Nodes

    mutating func run(_ nodes: [TemplateNode], into writer: inout HTMLWriter) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                writer.writeRaw(bytes)
            case .variable(let name, let context):
                write(lookup(name), context, into: &writer)
            case .section(let name, let body, let inverted):
                let value = lookup(name)
                if inverted {
                    if !value.isTruthy { run(body, into: &writer) }
                } else if case .list(let items) = value {
                    for item in items {
                        stack.append(item)
                        run(body, into: &writer)
                        stack.removeLast()
                    }
                } else if value.isTruthy {
                    stack.append(value)
                    run(body, into: &writer)
                    stack.removeLast()
                }
            case .partial(let key):
                if let template = renderer.library.templates[key] { run(template.nodes, into: &writer) }
            case .parent(let key, let blocks):
                guard let template = renderer.library.templates[key] else { continue }
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
    }

    private func override(for name: String) -> [TemplateNode]? {
        for blocks in overrides {
            if let body = blocks[name] { return body }
        }
        return nil
    }

    // MARK: - Lookup

    private func lookup(_ name: VariableName) -> TemplateValue {
        guard let first = name.parts.first else { return stack.last ?? .null }
        var found: TemplateValue?
        for value in stack.reversed() {
            if case .object(let model) = value, let hit = model.value(forKey: first) {
                found = hit
                break
            }
        }
        guard var current = found else { return .null }
        for part in name.parts.dropFirst() {
            guard case .object(let model) = current, let next = model.value(forKey: part) else { return .null }
            current = next
        }
        return current
    }

    // MARK: - Output

    private func write(_ value: TemplateValue, _ context: OutputContext, into writer: inout HTMLWriter) {
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
            }
        case .int(let number):
            writer.write(number)
        case .bool(let flag):
            writer.writeRaw(flag ? "true" : "false")
        case .html(let html):
            writeMarkup(html.bytes, context, into: &writer)
        case .fragment(let fragment):
            if context == .text || context == .raw {
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
        case .text, .raw: writer.writeRaw(bytes)
        case .attribute: bytes.withUnsafeBufferPointer { writer.writeEscaped($0) }
        case .url: writer.writeURL(String(decoding: bytes, as: UTF8.self))
        }
    }
}
