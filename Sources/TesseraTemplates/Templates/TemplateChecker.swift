// MARK: - TemplateChecker

/// Checks templates against the view models that render them, the way the renderer looks
/// names up: every name a template reads — interpolations, sections, inverted sections, dotted
/// names, names inside sections over lists (against the element's model), names in partials
/// (in the including template's context) — must be a key some context on the stack declares:
/// the model, its built-ins (a component's `fragmentURL`…), or the globals every template gets.
///
/// A missing name is an error at `Views/file.mustache:LINE:COL` naming the key, the model's Swift
/// type and the type that renders it. A declared key that no template reads is a warning.
/// Cells of data sources a model holds (``ArrayDataSource``), and the section renderers of
/// ``SectionedDataSource``s, are checked against their own templates and models as they are
/// found.
package struct TemplateChecker {
    /// One context of the stack: the keys it answers (nil: any name), and who declares them.
    private struct Frame {
        let keys: [(name: String, shape: TemplateShape)]?
        let model: (any TemplateModel.Type)?
        let label: String
    }

    let library: TemplateLibrary
    /// What every template may read below its model.
    let globals: [(name: String, shape: TemplateShape)]

    /// Errors found so far, in the order found.
    package private(set) var errors: [TemplateDiagnostic] = []
    /// Cells whose template is missing or ambiguous.
    package private(set) var problems: [StartupProblem] = []
    private var used: [ObjectIdentifier: Set<String>] = [:]
    private var roots: [(model: any TemplateModel.Type, owner: String, file: String)] = []
    private var checkedCells: Set<ObjectIdentifier> = []
    /// The cells checked so far, each with its template's name.
    package private(set) var foundCells: [(type: Any.Type, name: String)] = []
    private var outlines: [String: TemplateOutline] = [:]

    package init(library: TemplateLibrary, globals: [(name: String, shape: TemplateShape)]) {
        self.library = library
        self.globals = globals
    }

    // MARK: - Checking

    /// Checks template `name`, rendered by `owner` with `model` plus `builtIns`; keys of `model`
    /// no template reads are warned about unless `warnsUnused` is false (Tessera's own models,
    /// which offer keys an app may ignore).
    package mutating func check(
        template name: String, model: any TemplateModel.Type, owner: String,
        builtIns: [(name: String, shape: TemplateShape)] = [], warnsUnused: Bool = true
    ) {
        guard let outline = outline(name) else { return }
        if warnsUnused { roots.append((model, owner, outline.locator.file)) }
        let stack = [
            Frame(keys: globals, model: nil, label: "the globals"),
            Frame(keys: builtIns, model: nil, label: owner),
            Frame(keys: Self.keys(of: model), model: model, label: Self.label(model)),
        ]
        walk(outline.nodes, outline: outline, stack: stack, owner: owner, includedFrom: nil, depth: 0)
    }

    /// Counts `key` of `model` as read by code, not a template (a mail's `subject`, which titles
    /// its HTML part), so it is not warned about.
    package mutating func markRead(_ key: String, of model: any TemplateModel.Type) {
        used[ObjectIdentifier(model), default: []].insert(key)
    }

    /// Warnings for declared keys no checked template read, one per key.
    package func unusedKeyWarnings() -> [String] {
        var warnings: [String] = []
        var seen: Set<ObjectIdentifier> = []
        for root in roots where seen.insert(ObjectIdentifier(root.model)).inserted {
            let read = used[ObjectIdentifier(root.model)] ?? []
            for key in root.model.declaredKeys where !read.contains(key.name) {
                warnings.append(
                    "\(root.file): key '\(key.name)' of \(Self.label(root.model)) is never read by its template (\(root.owner))")
            }
        }
        return warnings
    }

    // MARK: - Walking

    private mutating func walk(
        _ nodes: [TemplateOutline.Node], outline: TemplateOutline, stack: [Frame], owner: String, includedFrom: String?,
        depth: Int
    ) {
        for node in nodes {
            switch node {
            case .variable(let name, let offset):
                _ = resolve(name, at: offset, outline: outline, stack: stack, owner: owner, includedFrom: includedFrom)
            case .section(let name, let offset, let inverted, let body):
                let shape = resolve(name, at: offset, outline: outline, stack: stack, owner: owner, includedFrom: includedFrom)
                var inner = stack
                if !inverted, let frame = shape.flatMap(Self.frame(pushedBy:)) { inner.append(frame) }
                walk(body, outline: outline, stack: inner, owner: owner, includedFrom: includedFrom, depth: depth)
            case .partial(let name, let offset), .parent(let name, let offset, _):
                if case .parent(_, _, let blocks) = node {
                    walk(blocks, outline: outline, stack: stack, owner: owner, includedFrom: includedFrom, depth: depth)
                }
                guard depth < 16, let included = self.outline(name) else { continue }
                let (line, column) = outline.locator.position(of: offset)
                let place = includedFrom ?? "\(outline.locator.file):\(line):\(column)"
                walk(included.nodes, outline: included, stack: stack, owner: owner, includedFrom: place, depth: depth + 1)
            case .block(let body):
                walk(body, outline: outline, stack: stack, owner: owner, includedFrom: includedFrom, depth: depth)
            }
        }
    }

    /// The shape `name` has on `stack` (nil when unknown or unchecked), recording an error when
    /// no context provides it.
    private mutating func resolve(
        _ name: VariableName, at offset: Int, outline: TemplateOutline, stack: [Frame], owner: String, includedFrom: String?
    ) -> TemplateShape? {
        guard let first = name.first else { return nil }
        var found: TemplateShape?
        for frame in stack.reversed() {
            guard let keys = frame.keys else { return nil }
            if let hit = keys.first(where: { $0.name == first }) {
                if let model = frame.model { used[ObjectIdentifier(model), default: []].insert(first) }
                found = hit.shape
                break
            }
        }
        guard var shape = found else {
            let innermost = stack.last { $0.model != nil }?.label ?? owner
            report("key '\(first)' is not provided by \(innermost) (\(owner))", offset, outline, includedFrom)
            return nil
        }
        noteCells(in: shape)
        for part in name.rest ?? [] {
            switch shape {
            case .model(let model):
                guard let hit = Self.keys(of: model).first(where: { $0.name == part }) else {
                    report("key '\(name)': '\(part)' is not provided by \(Self.label(model)) (\(owner))", offset, outline, includedFrom)
                    return nil
                }
                used[ObjectIdentifier(model), default: []].insert(part)
                shape = hit.shape
                noteCells(in: shape)
            case .open:
                return nil
            case .value, .markup, .list:
                report("key '\(name)': '\(part)' is read from a value that has no keys (\(owner))", offset, outline, includedFrom)
                return nil
            }
        }
        return shape
    }

    /// Checks the cells a data source draws, once per cell type.
    private mutating func noteCells(in shape: TemplateShape) {
        guard case .markup(let cells) = shape else { return }
        check(cells: cells)
    }

    /// Checks each cell's template against its model, once per cell type.
    package mutating func check(cells: [any CellRenderer.Type]) {
        for cell in cells where checkedCells.insert(ObjectIdentifier(cell)).inserted {
            checkCell(cell)
        }
    }

    /// What a cell's template reads besides its model: `children.<slot>`, the children its
    /// component places in it (checked against the component's slots by ``CellChildrenCheck``).
    static let cellBuiltIns: [(name: String, shape: TemplateShape)] = [("children", .open)]

    private mutating func checkCell<Cell: CellRenderer>(_ cell: Cell.Type) {
        let owner = TemplateLibrary.typeName(cell)
        switch library.template(of: cell, declared: cell.template) {
        case .found(let name):
            foundCells.append((cell, name))
            // A section template may ignore keys of Tessera's ``SectionModel`` (say the header).
            check(
                template: name, model: Cell.CellModel.self, owner: owner, builtIns: Self.cellBuiltIns,
                warnsUnused: !(cell is any SectionRenderer.Type))
        case .missing(let expected):
            problems.append(Self.missing(owner: owner, expected: expected))
        case .ambiguous(let names):
            problems.append(Self.ambiguous(owner: owner, names: names))
        }
    }

    private mutating func report(_ message: String, _ offset: Int, _ outline: TemplateOutline, _ includedFrom: String?) {
        var diagnostic = outline.locator.diagnostic(at: offset, message)
        if let includedFrom {
            diagnostic = TemplateDiagnostic(
                file: diagnostic.file, line: diagnostic.line, column: diagnostic.column,
                message: message + ", included from " + includedFrom)
        }
        errors.append(diagnostic)
    }

    private mutating func outline(_ name: String) -> TemplateOutline? {
        if let outline = outlines[name] { return outline }
        guard let source = library.sources[name] else { return nil }
        let outline = TemplateOutline(source)
        outlines[name] = outline
        return outline
    }

    // MARK: - Shapes

    /// The context a section over a value of `shape` pushes: a model's keys, a list element's,
    /// an open map's; none for a plain value or markup (names go on outwards).
    private static func frame(pushedBy shape: TemplateShape) -> Frame? {
        switch shape {
        case .model(let model): Frame(keys: keys(of: model), model: model, label: label(model))
        case .list(let element): frame(pushedBy: element)
        case .open: Frame(keys: nil, model: nil, label: "")
        case .value, .markup: nil
        }
    }

    static func keys(of model: any TemplateModel.Type) -> [(name: String, shape: TemplateShape)] { model.declaredKeys }

    /// A model's Swift name without its module: `BlogListComponent.Model`.
    static func label(_ model: Any.Type) -> String {
        let full = String(reflecting: model)
        guard let dot = full.firstIndex(of: ".") else { return full }
        return String(full[full.index(after: dot)...])
    }

    // MARK: - Missing templates

    /// The problem of a type whose template does not exist.
    package static func missing(owner: String, expected: String) -> StartupProblem {
        StartupProblem(file: nil, type: owner, message: "has no template (expected Views/\(expected).mustache)")
    }

    /// The problem of a type whose name matches several templates.
    package static func ambiguous(owner: String, names: [String]) -> StartupProblem {
        StartupProblem(
            file: nil, type: owner,
            message: "matches several templates: " + names.map { "Views/\($0).mustache" }.joined(separator: " and ")
                + " (override `template` to choose one)")
    }
}
