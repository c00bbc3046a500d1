// MARK: - CellChildrenCheck

/// Checks, at start-up and in `tessera validate`, the children a list's cells hold
/// (``ChildSlot/init(_:key:_:)``): a cell template's `{{children.<name>}}` must name a list slot
/// of each component that draws the cell, for the cell's item type; and each list slot must be
/// written by a cell of its item type, or its children would load for nothing.
struct CellChildrenCheck {
    let templates: TemplateLibrary

    /// The problems of `component` and the cells it draws, in order.
    func problems(of component: any Component.Type) -> [StartupProblem] {
        let owner = String(describing: component)
        let slots = component.children.compactMap(\.cellSlot)
        var written: Set<String> = []
        var problems: [StartupProblem] = []
        for cell in Self.cells(of: component) {
            guard case .found(let template) = templates.template(of: cell, declared: cell.template),
                let nodes = templates.template(named: template)?.nodes
            else { continue }
            let item = Self.itemType(of: cell)
            var visited: Set<String> = [template]
            for name in CompositionCheck.placedIDs(in: nodes, under: "children", library: templates, visited: &visited) {
                if slots.contains(where: { $0.name == name && $0.cellItemType == item.id }) {
                    written.insert(name)
                } else {
                    let declared = slots.filter { $0.cellItemType == item.id }.map(\.name)
                    problems.append(
                        StartupProblem(
                            file: CompositionCheck.location(of: "children." + name, in: template, templates), type: owner,
                            message: "draws \(cell) (\(item.name) items), whose template writes children.\(name), "
                                + "but it declares no ChildSlot(\"\(name)\", key: \\\(item.name)…) "
                                + "(its slots for \(item.name): \(declared.isEmpty ? "none" : declared.joined(separator: ", ")))"))
                }
            }
        }
        for slot in slots where !written.contains(slot.name) {
            problems.append(
                StartupProblem(
                    file: nil, type: owner,
                    message: "declares the list slot '\(slot.name)', but no cell it draws writes {{children.\(slot.name)}} "
                        + "for that item type: its children would load and show nowhere"))
        }
        return problems
    }

    // MARK: - Cells

    /// The cells `component` draws: those its data sources register (``Component/cellTypes``)
    /// and those its model's lists declare (an `ArrayDataSource`'s).
    static func cells(of component: any Component.Type) -> [any CellRenderer.Type] {
        var cells = component.cellTypes
        for (_, shape) in component.modelType.declaredKeys {
            guard case .markup(let drawn) = shape else { continue }
            for cell in drawn where !cells.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(cell) }) { cells.append(cell) }
        }
        return cells
    }

    /// The item type a cell draws, with its name for messages.
    static func itemType<Cell: CellRenderer>(of cell: Cell.Type) -> (id: ObjectIdentifier, name: String) {
        (ObjectIdentifier(Cell.Item.self), String(describing: Cell.Item.self))
    }
}
