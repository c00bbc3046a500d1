// MARK: - ActionTable

/// A component's table of its ``Action``s (action tags with one handler table per
/// controller). Routes are mounted from it; requests dispatch through it. No `switch`.
///
/// ```swift
/// static let restore = Action("restore", path: ":item/restore", TrashListComponent.restore)
/// static let empty = Action("empty", path: "", TrashListComponent.empty)  // POST to the scene's own path
/// override class var actions: ActionTable { ActionTable().on(restore).on(empty) }
/// ```
public struct ActionTable: Sendable {
    /// One action: its name, its path, and its handler.
    public struct Entry: Sendable {
        /// The action's name (analytics, lookups).
        public let name: String
        /// The route, relative to the path of the scene holding the component (`like` →
        /// `/blogs/:id/like`; empty: the scene's own path). One starting with `/` is a start-up
        /// error: a component never names another scene's address.
        public let path: String
        /// The largest body accepted, in bytes (default 64 KiB); larger is a 413.
        public let maxBodySize: Int
        let handler: @Sendable (AnyComponent, ActionContext) async throws -> ActionResult
    }

    /// The entries, in declaration order.
    public private(set) var entries: [Entry] = []

    /// An empty table.
    public init() {}

    /// Adds `action` (declared once as a static ``Action`` of its component).
    public func on<C: AnyComponent>(_ action: Action<C>) -> ActionTable {
        var copy = self
        let handler = action.handler
        copy.entries.append(
            Entry(name: action.name, path: action.path, maxBodySize: action.maxBodySize) { component, context in
                guard let component = component as? C else { throw RequestError.notFound() }
                return try await handler(component)(context)
            })
        return copy
    }
}
