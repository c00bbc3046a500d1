import Synchronization

// MARK: - ComponentScope

/// What a component's ``Component/load(_:)`` and its action handlers read: the request (as its
/// ``FragmentCaching`` lets it see it; in an action, with the form already read and its CSRF
/// token checked), and where the component stands on the page: its id, its scene's URL and its
/// own URLs.
///
/// Every property of ``RequestScope`` reads through it (`scope.database`, `scope.query`,
/// `scope.userID`); a `.shared` component's scope has no viewer, a `.perUser` one's only the
/// member's id. One object per component per request (handed around by reference: the request
/// is never copied for it), which also notes the children the component places.
@dynamicMemberLookup
public final class ComponentScope<C: Component>: Sendable {
    /// The request, as this component may see it.
    public let request: RequestScope
    /// The component's id in its scene: its root element's `id` and the end of its fragment URL.
    public let id: String
    /// The URL of the scene instance the component renders in.
    public let sceneURL: String
    /// For a child, the query items its parent needs to place it again (its parent's
    /// ``Component/fragmentQuery(for:)``, and its parent's own): the child's fragment and action
    /// URLs carry them, so that when the child is asked for alone its parent, loaded again with
    /// them, places it. Empty for a scene's own components.
    let parentQuery: [(String, String)]
    /// Whether it is a child: its action URLs then name it (`_component`), since its scene
    /// may hold many of its type.
    let isChild: Bool

    /// The action running in this scope (an action handler's), or nil (a load's).
    public let actionName: String?

    /// The component loading in this scope (to make its children), or nil (an action's scope:
    /// it places none).
    let component: C?
    /// The children it placed, in order, and their ids (a key placed twice is one child).
    private let placed = Mutex<(children: [(id: String, component: any Component)], ids: Set<String>)>(([], []))

    /// A scope for `component` as `id` in the scene at `sceneURL`, placed by a parent whose
    /// URLs carry `parentQuery` (none for a scene's own component).
    init(
        request: RequestScope, id: String, sceneURL: String, parentQuery: [(String, String)] = [], isChild: Bool = false,
        component: C? = nil, actionName: String? = nil
    ) {
        self.request = request
        self.actionName = actionName
        self.id = id
        self.sceneURL = sceneURL
        self.parentQuery = parentQuery
        self.isChild = isChild
        self.component = component
    }

    /// A scope for `component` where `placed` stands, in `request`: loading it, or running its
    /// action `actionName`.
    convenience init(_ placed: PlacedComponent, request: RequestScope, component: C? = nil, actionName: String? = nil) {
        self.init(
            request: request, id: placed.id, sceneURL: placed.sceneURL, parentQuery: placed.parentQuery, isChild: placed.isChild,
            component: component, actionName: actionName)
    }

    /// Any other property of the request scope (an app's own extensions too).
    public subscript<Value>(dynamicMember keyPath: KeyPath<RequestScope, Value>) -> Value { request[keyPath: keyPath] }

    // MARK: - The request's most read values

    /// Database access, counted for this component.
    public var database: CountingDatabase { request.database }
    /// Query parameters, strictly decoded.
    public var query: Parameters { request.query }
    /// Route parameters.
    public var path: Parameters { request.path }
    /// The POSTed form fields.
    public var form: Parameters { request.form }
    /// The signed-in member's id, or nil (always nil for a `.shared` component).
    public var userID: Int64? { request.userID }
    /// The site: templates, database, configuration.
    public var site: Site { request.site }

    // MARK: - In an action

    /// The file sent as `field`, checked by its rules (a multipart form's; none otherwise).
    public func file(_ field: FileField) -> FileValue { field.check(request.files.first { $0.field == field.name }) }

    /// Whether the signed-in member has `role` (``RequestScope/hasRole(_:)``): read once per
    /// request, and only for a component whose caching lets it see the member.
    public func hasRole(_ role: Role) async throws -> Bool { try await request.hasRole(role) }

    /// The signed-in member's id, or a 403 when nobody is signed in.
    public func requireUser() throws(RequestError) -> Int64 {
        guard let userID else { throw .forbidden("Sign in to do that.") }
        return userID
    }

    // MARK: - Children

    /// Places the child of kind `slot` for `key` (``ChildSlot``): it loads after this component,
    /// together with its siblings, and the returned value, in this component's model (or a
    /// cell's), writes its fragment. A key the slot makes nothing for writes nothing.
    public func child<Key, Child>(_ slot: ChildSlot<C, Key, Child>, key: Key) -> ChildComponent {
        let id = slot.id(parentID: id, key: key)
        if let component, let child = slot.make(component, key) { place(child, as: id) }
        return ChildComponent(id: id)
    }

    /// Notes `child` as placed under `id`, once.
    private func place(_ child: any Component, as id: String) {
        placed.withLock { placed in
            if placed.ids.insert(id).inserted { placed.children.append((id, child)) }
        }
    }

    /// The children placed so far, in order.
    var children: [(id: String, component: any Component)] { placed.withLock { $0.children } }

    /// Places the children of `model`'s cells: for each list slot of `C` (``ChildSlot``), the
    /// child of every item of its type in the model's data sources, in the order drawn.
    func placeCellChildren(of model: C.Model) {
        let slots = C.children.compactMap(\.cellSlot)
        guard !slots.isEmpty, let component else { return }
        for (key, shape) in C.Model.declaredKeys {
            guard case .markup(let cells) = shape, !cells.isEmpty, case .fragment(let fragment)? = model.value(forKey: key),
                let source = fragment as? any CellItemSource
            else { continue }
            for item in source.cellItems {
                for slot in slots {
                    if let (id, child) = slot.cellChild(of: item, parent: component, parentID: id) { place(child, as: id) }
                }
            }
        }
    }

    // MARK: - URLs

    /// The component's own URL with `query` (default none): it answers with just its fragment.
    public func fragmentURL(query: [(String, String)] = []) -> String {
        ComponentURLs.fragmentURL(sceneURL: sceneURL, id: id, query: parentQuery + query)
    }

    /// The URL of this component's `action` in its scene, the action's own `:parameters` filled
    /// with `values` in order: `scope.url(for: TrashListComponent.restore, 7)` is
    /// `/trash/7/restore` on the trash page. The one way a template gets the URL a form posts to.
    /// A child's action URL also carries its parent's query (``ChildSlot``).
    public func url(for action: Action<C>, _ values: any CustomStringConvertible...) -> String {
        url(for: action, values)
    }

    /// ``url(for:_:)`` with its values in an array.
    func url(for action: Action<C>, _ values: [any CustomStringConvertible]) -> String {
        action.url(in: sceneURL, values) + URLQuery.encode(parentQuery + (isChild ? [(RequestPipeline.componentField, id)] : []))
    }
}

// MARK: - ComponentURLs

/// How a component's fragment URL is made from its scene's URL and its id.
enum ComponentURLs {
    /// `<scene URL>/_/<id>?<query>`.
    static func fragmentURL(sceneURL: String, id: String, query: [(String, String)]) -> String {
        let base = sceneURL == "/" ? "" : sceneURL
        return base + "/_/" + id + URLQuery.encode(query)
    }
}
