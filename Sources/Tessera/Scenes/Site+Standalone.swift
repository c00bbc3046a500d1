// MARK: - Rendering alone

/// What rendering a component or scene alone produced.
public struct StandaloneRender: Sendable {
    /// The markup: the component's fragment, or the scene's body without its layout.
    public let html: String
    /// The SQL statements its loading ran (the scene's and its components', children
    /// included; not the page's own reads such as the signed-in member).
    public let queryCount: Int
    /// The component's fragment URL as the page would write it (empty for a scene).
    public let fragmentURL: String
    /// What the component's `load` threw (shown in its error fragment), or nil.
    public let loadError: String?
}

extension Site {
    /// Loads `component` in `scope` as `id` (default its ``Component/componentName``) on the
    /// scene at `sceneURL` (default `/`), and renders its fragment exactly as a page would hold
    /// it: for tests of one component, its markup and its query budget.
    public func renderAlone<C: Component>(_ component: C, id: String? = nil, sceneURL: String = "/", scope: RequestScope)
        async throws -> StandaloneRender
    {
        let mounted = MountedComponent(component, id: id ?? C.componentName, sceneURL: sceneURL)
        try await SceneRunner.load([mounted], scope)
        let queries = scope.database.counter.value
        let renderer = await renderer(for: scope)
        var writer = HTMLWriter()
        mounted.write(into: &writer, renderer: renderer)
        return StandaloneRender(
            html: String(decoding: writer.bytes, as: UTF8.self), queryCount: queries,
            fragmentURL: mounted.fragmentURL, loadError: mounted.loadError.map { "\($0)" })
    }

    /// Runs `sceneType` through its hooks in `scope` (parameters, loading, components) and
    /// renders its body without the layout: for tests of one scene and its query budget.
    /// Throws the ``RequestError`` a hook throws (a bad parameter, a missing subject).
    public func renderAlone(_ sceneType: Scene.Type, scope: RequestScope) async throws -> StandaloneRender {
        let runner = SceneRunner(site: self, sceneType: sceneType)
        let scene = try runner.prepare(scope)
        try await scene.loadData(scope)
        runner.mount(scene, scope)
        try await SceneRunner.load(scene.components, scope)
        let queries = scope.database.counter.value
        let renderer = await renderer(for: scope)
        var body = HTMLWriter()
        SceneBody(scene: scene).write(into: &body, renderer: renderer)
        return StandaloneRender(
            html: String(decoding: body.bytes, as: UTF8.self), queryCount: queries, fragmentURL: "",
            loadError: nil)
    }
}

extension RequestScope {
    /// A scope outside HTTP like ``standalone(site:query:userID:)``, for the page at `path`
    /// whose route parameters are `parameters` (say `[("id", "3")]` for `/books/:id`).
    public static func standalone(
        site: Site, path: String, parameters: [(String, String)], query: [(String, String)] = [], userID: Int64? = nil
    ) -> RequestScope {
        RequestScope(
            request: Request(
                head: .init(method: .get, scheme: "http", authority: "localhost", path: path), body: .init(buffer: .init())),
            path: Parameters(parameters, origin: .path), query: Parameters(query, origin: .query), form: .none, files: [],
            site: site, database: site.database.counting(into: QueryCounter()),
            session: Session(id: "", userID: userID, csrfToken: placeholderToken), wantsFragment: false)
    }
}
