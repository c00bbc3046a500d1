// MARK: - PlacedComponent

/// One component where a request's page holds it: the component its scene (or a parent) made,
/// its id, its scene's URL, and for a child the query its parent needs to place it again.
/// Immutable (a class, so that passing it along retains one reference): loading it gives a
/// ``LoadedComponent``.
final class PlacedComponent: Sendable {
    /// The component, as its scene or parent made it.
    let component: any Component
    /// Its id in the scene.
    let id: String
    /// The URL of the scene instance it renders in.
    let sceneURL: String
    /// Whether the page leaves it out and loads it afterwards (``ComponentSlot``).
    let isLazy: Bool
    /// For a child, the query its parent needs to place it again (``ComponentScope/parentQuery``).
    let parentQuery: [(String, String)]
    /// Whether a parent placed it (its action URLs name it).
    let isChild: Bool
    /// For a child keyed by a row (``ChildSlot``'s `table`), the row.
    let row: RowKey?

    init(
        component: any Component, id: String, sceneURL: String, isLazy: Bool = false, parentQuery: [(String, String)] = [],
        isChild: Bool = false, row: RowKey? = nil
    ) {
        self.component = component
        self.id = id
        self.sceneURL = sceneURL
        self.isLazy = isLazy
        self.parentQuery = parentQuery
        self.isChild = isChild
        self.row = row
    }

    /// The component's type.
    var type: any Component.Type { Swift.type(of: component) }

    /// The query that reproduces a model whose own query is `modelQuery`
    /// (``Component/fragmentQuery(for:)``), after its parent's for a child: its fragment URL
    /// carries it, and so do its children's URLs, so that it places them again.
    func urlQuery(_ modelQuery: [(String, String)]) -> [(String, String)] {
        parentQuery.isEmpty ? modelQuery : parentQuery + modelQuery
    }

    /// `model`'s own query, when it is this component's model (an action's answer; a load
    /// keeps the query it made with the model).
    func modelQuery(for model: (any ViewModel)?) -> [(String, String)] {
        model.map { Self.query(component, $0) } ?? []
    }

    /// For a live component (``Component/live``), the data generation its request started from:
    /// the page's stream catches up from it; nil otherwise.
    func liveSince(_ scope: RequestScope) -> UInt64? {
        type.live ? scope.reuseStart?.generation ?? scope.site.database.currentGeneration : nil
    }

    /// Its own URL, for a model whose own query is `modelQuery`.
    func fragmentURL(modelQuery: [(String, String)]) -> String {
        ComponentURLs.fragmentURL(sceneURL: sceneURL, id: id, query: urlQuery(modelQuery))
    }

    /// The children a load placed, placed in turn on this page, under a model whose own query
    /// is `modelQuery`.
    func placing(_ children: [(id: String, component: any Component)], query modelQuery: [(String, String)]) -> [PlacedComponent] {
        guard !children.isEmpty else { return [] }
        let query = urlQuery(modelQuery)
        return children.map {
            PlacedComponent(component: $0.component, id: $0.id, sceneURL: sceneURL, parentQuery: query, isChild: true, row: row(ofChild: $0.id))
        }
    }

    /// The row the child `childID` is keyed by, when its slot names a table: its key, read from
    /// its id (`<id>-<name>-<key>`, the longest slot name that fits).
    func row(ofChild childID: String) -> RowKey? {
        var slot: (any ChildDeclaration)?
        for declared in type.children where childID.hasPrefix(id + "-" + declared.name + "-") {
            if slot == nil || declared.name.count > slot!.name.count { slot = declared }
        }
        guard let slot, let table = slot.rowTable else { return nil }
        return RowKey(table: table, key: String(childID.dropFirst(id.count + slot.name.count + 2)))
    }

    private static func query<C: Component>(_ component: C, _ model: any ViewModel) -> [(String, String)] {
        (model as? C.Model).map(component.fragmentQuery(for:)) ?? []
    }
}
