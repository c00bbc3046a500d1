// MARK: - Action

/// One action of component `C`, declared once as a static value and used everywhere the action
/// is named: the component's ``AnyComponent/actions`` table, the URLs its templates post to
/// (``ComponentActions/url(for:_:)``) and links from elsewhere (``Scene/link(to:_:)``). A
/// misspelt action is a compile error, not a link to the wrong page.
///
/// ```swift
/// final class LikeButtonComponent: Component<LikeButtonComponent.Model>, @unchecked Sendable {
///     static let like = Action("like", LikeButtonComponent.like)            // POST <scene>/like
///     static let save = Action("save", path: "", LikeButtonComponent.save)  // POST <scene>
///     override class var actions: ActionTable { ActionTable().on(like).on(save) }
///     // the template's form: Model(toggleURL: url(for: Self.like))
/// }
/// ```
public struct Action<C: AnyComponent>: Sendable {
    /// The action's name (analytics, ``ActionContext/name``).
    public let name: String
    /// The route, relative to the path of the scene holding the component (`like` →
    /// `/blogs/:id/like`; empty: the scene's own path), with its own `:parameters`. One
    /// starting with `/` is a start-up error: a component never names another scene's address.
    public let path: String
    /// The largest body accepted, in bytes; larger is a 413.
    public let maxBodySize: Int
    let handler: @Sendable (C) -> (ActionContext) async throws -> ActionResult

    /// The action `name`, run by `handler` (an unbound method such as `BlogComponent.like`).
    ///
    /// - Parameters:
    ///   - path: the route relative to the scene's path (default: the name; "" for the scene's
    ///     own path).
    ///   - maxBodySize: the body limit (default 64 KiB).
    public init(
        _ name: String, path: String? = nil, maxBodySize: Int = 64 * 1024,
        _ handler: @escaping @Sendable (C) -> (ActionContext) async throws -> ActionResult
    ) {
        self.name = name
        self.path = path ?? name
        self.maxBodySize = maxBodySize
        self.handler = handler
    }

    /// The action's URL under `sceneURL` (a scene's address with its parameters filled), its own
    /// `:parameters` filled with `values` in order, each percent-encoded. A component asks with
    /// ``ComponentActions/url(for:_:)`` (its own scene); this form is for a URL under an address
    /// it was handed (a cell drawn by the component, a form whose record moved to another page).
    public func url(in sceneURL: String, _ values: any CustomStringConvertible...) -> String {
        url(in: sceneURL, values)
    }

    func url(in sceneURL: String, _ values: [any CustomStringConvertible]) -> String {
        guard !path.isEmpty else { return sceneURL }
        var remaining = values.makeIterator()
        let filled = Scene.fill(path) { _ in remaining.next().map { String(describing: $0) } ?? "" }
        return Site.join(sceneURL, String(filled.dropFirst()))
    }
}

// MARK: - ComponentActions

/// What every component can do with its own ``Action``s: build their URLs. `Self` ties an
/// action to its component, so a component cannot build a URL for another's action.
public protocol ComponentActions: AnyComponent {}

extension AnyComponent: ComponentActions {}

extension ComponentActions {
    /// The URL of this component's `action` in the scene it renders in, the action's own
    /// `:parameters` filled with `values` in order: `url(for: Self.restore, 7)` is
    /// `/trash/7/restore` on the trash page. The one way a component's template gets the URL
    /// a form posts to.
    public func url(for action: Action<Self>, _ values: any CustomStringConvertible...) -> String {
        action.url(in: sceneURL, values)
    }
}
