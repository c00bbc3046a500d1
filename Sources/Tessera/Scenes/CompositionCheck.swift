// MARK: - CompositionCheck

/// Checks, at start-up and in `tessera validate`, that each scene's template places only the
/// components its ``Scene/composition`` declares: `{{components.<id>}}` (or a section over it)
/// with an id no slot has is an error at `Views/<template>.mustache:LINE:COL` naming the id,
/// the scene and the ids it declares. Partials the template includes are read too.
struct CompositionCheck {
    let scenes: [Scene.Type]
    let templates: TemplateLibrary

    /// Every unknown component id placed by a scene's template, scenes in order.
    func problems() -> [StartupProblem] {
        var problems: [StartupProblem] = []
        for sceneType in scenes {
            let declaredTemplates: [String?] = sceneType.declaredTemplates?.map(\.template) ?? [nil]
            for declaredTemplate in declaredTemplates {
                problems += self.problems(of: sceneType, declared: declaredTemplate)
            }
        }
        return problems
    }

    /// The unknown component ids placed by one template of `sceneType` (`declared`, or the one
    /// named like the scene).
    private func problems(of sceneType: Scene.Type, declared declaredTemplate: String?) -> [StartupProblem] {
        guard case .found(let name) = templates.template(of: sceneType, declared: declaredTemplate) else { return [] }
        return unknownIDs(placedBy: name, declared: sceneType.composition, owner: String(describing: sceneType), what: "template", composition: "composition")
    }

    /// The unknown component ids placed by the layout `layout`: those no slot of `slots` (the
    /// app's ``TesseraApp/layoutComposition``) declares.
    func problems(ofLayout layout: String, slots: [ComponentSlot], owner: String) -> [StartupProblem] {
        unknownIDs(placedBy: layout, declared: slots, owner: owner, what: "layout", composition: "layout composition")
    }

    /// A problem for each id template `name` places that no slot of `declared` has, said as
    /// "its `what` places component …, which its `composition` does not declare".
    private func unknownIDs(placedBy name: String, declared: [ComponentSlot], owner: String, what: String, composition: String) -> [StartupProblem] {
        guard let template = templates.template(named: name) else { return [] }
        let ids = declared.map(\.id)
        let known = ids.isEmpty ? "none" : ids.joined(separator: ", ")
        var visited: Set<String> = [name]
        return Self.placedIDs(in: template.nodes, library: templates, visited: &visited).filter { !ids.contains($0) }.map { id in
            StartupProblem(
                file: Self.location(of: "components." + id, in: name, templates), type: owner,
                message: "its \(what) places component '\(id)', which its \(composition) does not declare (declared: \(known))")
        }
    }

    // MARK: - Walking the program

    /// The names read under `prefix.` (`components.`, a cell's `children.`) in `nodes` and the
    /// partials they include, in order, each once.
    static func placedIDs(
        in nodes: [TemplateNode], under prefix: String = "components", library: TemplateLibrary, visited: inout Set<String>
    ) -> [String] {
        var ids: [String] = []
        func note(_ name: VariableName) {
            guard name.first == prefix, let id = name.rest?.first, !ids.contains(id) else { return }
            ids.append(id)
        }
        func walk(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case .text: break
                case .variable(let name, _): note(name)
                case .section(let name, let body, _):
                    note(name)
                    walk(body)
                case .partial(let key):
                    guard visited.insert(key).inserted, let partial = library.templates[key] else { continue }
                    walk(partial.nodes)
                case .parent(let key, let overrides):
                    for body in overrides.values { walk(body) }
                    guard visited.insert(key).inserted, let parent = library.templates[key] else { continue }
                    walk(parent.nodes)
                case .block(_, let body, _): walk(body)
                }
            }
        }
        walk(nodes)
        return ids
    }

    // MARK: - Locating

    /// `Views/<template>.mustache:LINE:COL` of the first `text` in the template's source, as
    /// `templates` read it (the same locator as every other template diagnostic), or nil.
    static func location(of text: String, in template: String, _ templates: TemplateLibrary) -> String? {
        guard let source = templates.sources[template] else { return nil }
        let needle = Array(text.utf8)
        guard !needle.isEmpty, source.bytes.count >= needle.count,
            let offset = (0...(source.bytes.count - needle.count)).first(where: { source.bytes[$0..<$0 + needle.count].elementsEqual(needle) })
        else { return nil }
        let found = SourceLocator(file: source.displayPath, bytes: source.bytes).diagnostic(at: offset, "")
        return "\(found.file):\(found.line):\(found.column)"
    }
}
