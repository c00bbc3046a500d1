// MARK: - ActionTable

/// A component's table of its ``Action``s (action tags with one handler table per
/// controller). Routes are mounted from it; requests dispatch through it. No `switch`.
///
/// ```swift
/// static let restore = Action("restore", path: ":item/restore", TrashListComponent.restore)
/// static let empty = Action("empty", path: "", TrashListComponent.empty)  // POST to the scene's own path
/// static var actions: ActionTable<Self> { ActionTable().on(restore).on(empty) }
/// ```
public struct ActionTable<C: Component>: Sendable {
    /// The actions, in declaration order.
    public private(set) var actions: [Action<C>] = []

    /// An empty table.
    public init() {}

    /// Adds `action` (declared once as a static ``Action`` of its component).
    public func on(_ action: Action<C>) -> ActionTable {
        var copy = self
        copy.actions.append(action)
        return copy
    }

    /// The entries, type-erased for routing.
    var entries: [ActionEntry] {
        actions.map { action in
            let handler = action.handler
            return ActionEntry(name: action.name, path: action.path, maxBodySize: action.maxBodySize) { placed, request in
                guard let component = placed.component as? C else { throw RequestError.notFound() }
                let context = ActionContext<C>(component: ComponentScope(placed, request: request), name: action.name)
                return try await handler(component)(context).erased
            }
        }
    }
}

// MARK: - ActionEntry

/// One action of some component, as routing sees it: its name, path, body limit and handler.
struct ActionEntry: Sendable {
    let name: String
    let path: String
    let maxBodySize: Int
    let handler: @Sendable (PlacedComponent, RequestScope) async throws -> AnyActionResult
}

extension Component {
    /// ``actions``' entries, type-erased for routing.
    static var actionEntries: [ActionEntry] { actions.entries }
}
