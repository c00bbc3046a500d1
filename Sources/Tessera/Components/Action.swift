// MARK: - Action

/// One action of component `C`, declared once as a static value and used everywhere the action
/// is named: the component's ``Component/actions`` (listed by ``Component()``), the URLs its templates post to
/// (``ComponentScope/url(for:_:)``) and links from elsewhere (``Scene/link(to:_:)``). A
/// misspelt action is a compile error, not a link to the wrong page.
///
/// ```swift
/// @Component
/// struct LikeButtonComponent {
///     static let like = Action("like", LikeButtonComponent.like)            // POST <scene>/like
///     static let save = Action("save", path: "", LikeButtonComponent.save)  // POST <scene>
///     // in load: Model(toggleURL: scope.url(for: Self.like))
/// }
/// ```
public struct Action<C: Component>: Sendable {
    /// The action's name (analytics, ``ComponentScope/actionName``).
    package let name: String
    /// The route, relative to the path of the scene holding the component (`like` →
    /// `/blogs/:id/like`; empty: the scene's own path), with its own `:parameters`. One
    /// starting with `/` is a start-up error: a component never names another scene's address.
    package let path: String
    /// The largest body accepted, in bytes; larger is a 413.
    package let maxBodySize: Int
    /// Who may run it beyond who may use its scene (``Scene/policy``): both must allow; nil for
    /// the scene's alone. An owner rule here may read the component (`.owner { (c: Self) in … }`).
    package let policy: Policy?
    let handler: @Sendable (C) -> (ComponentScope<C>) async throws -> ActionResult<C.Model>

    /// The action `name`, run by `handler` (an unbound method such as `BlogComponent.like`).
    ///
    /// - Parameters:
    ///   - name: the action's name, used for analytics and as the default path.
    ///   - path: the route relative to the scene's path (default: the name; "" for the scene's
    ///     own path).
    ///   - maxBodySize: the body limit (default 64 KiB).
    ///   - policy: who may run it, beyond the scene's policy (default: the scene's alone).
    ///   - handler: the component's method that runs the action, unbound
    ///     (`BlogComponent.like`).
    public init(
        _ name: String, path: String? = nil, maxBodySize: Int = 64 * 1024, policy: Policy? = nil,
        _ handler: @escaping @Sendable (C) -> (ComponentScope<C>) async throws -> ActionResult<C.Model>
    ) {
        self.name = name
        self.path = path ?? name
        self.maxBodySize = maxBodySize
        self.policy = policy
        self.handler = handler
    }

    /// The action `name` of a form with the file fields `files`: its body may be as large as
    /// those files allow, and 64 KiB of text besides.
    public init(
        _ name: String, path: String? = nil, files: [FileField], policy: Policy? = nil,
        _ handler: @escaping @Sendable (C) -> (ComponentScope<C>) async throws -> ActionResult<C.Model>
    ) {
        self.init(
            name, path: path, maxBodySize: Self.textAllowance + files.reduce(0) { $0 + $1.maxBytes + 1024 }, policy: policy, handler)
    }

    /// What a form's fields but its files may take: 64 KiB.
    static var textAllowance: Int { 64 * 1024 }

    /// The action's URL under `sceneURL` (a scene's address with its parameters filled), its own
    /// `:parameters` filled with `values` in order, each percent-encoded. A component asks with
    /// ``ComponentScope/url(for:_:)`` (its own scene); this form is for a URL under an address
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
