// MARK: - ActionTable

/// A component's table from action name to handler (action tags with one handler
/// table per controller). Routes are mounted from it; requests dispatch through it. No `switch`.
///
/// ```swift
/// override class var actions: ActionTable {
///     ActionTable()
///         .on("like", LikeButtonComponent.like)
///         .on("restore", path: ":item/restore", TrashListComponent.restore)
///         .on("save", path: "", FormComponent.save)  // POST to the scene's own path
/// }
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

    /// Adds `name`, run by `handler` (an unbound method such as `BlogComponent.like`).
    ///
    /// - Parameters:
    ///   - path: the route relative to the scene's path (default: the name; "" for the scene's
    ///     own path).
    ///   - maxBodySize: the body limit (default 64 KiB).
    public func on<C: AnyComponent>(
        _ name: String, path: String? = nil, maxBodySize: Int = 64 * 1024,
        _ handler: @escaping @Sendable (C) -> (ActionContext) async throws -> ActionResult
    ) -> ActionTable {
        var copy = self
        copy.entries.append(
            Entry(name: name, path: path ?? name, maxBodySize: maxBodySize) { component, context in
                guard let component = component as? C else { throw RequestError.notFound() }
                return try await handler(component)(context)
            })
        return copy
    }
}
