// MARK: - ActionEntry

/// One action of some component, as routing sees it: its name, path, body limit, policy and
/// handler.
struct ActionEntry: Sendable {
    let name: String
    let path: String
    let maxBodySize: Int
    /// Its own policy (``Action/policy``), checked after its scene's.
    let policy: Policy?
    let handler: @Sendable (PlacedComponent, RequestScope) async throws -> AnyActionResult
}

extension Action {
    /// This action, type-erased for routing.
    var entry: ActionEntry {
        let (name, handler) = (self.name, self.handler)
        return ActionEntry(name: name, path: path, maxBodySize: maxBodySize, policy: policy) { placed, request in
            guard let component = placed.component as? C else { throw RequestError.notFound() }
            return try await handler(component)(ComponentScope(placed, request: request, actionName: name)).erased
        }
    }
}

extension Component {
    /// ``actions``' entries, type-erased for routing.
    static var actionEntries: [ActionEntry] { actions.map(\.entry) }
}
