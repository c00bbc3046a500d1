// MARK: - Rendering alone

/// What rendering a component or scene alone produced.
public struct StandaloneRender: Sendable {
    /// The markup: the component's fragment, or the scene's body without its layout.
    public let html: String
    /// The SQL statements its loading ran (schema reads of a cold connection not counted).
    public let queryCount: Int
}

extension Site {
    /// Loads `component` in `scope` and renders its fragment, exactly as a
    /// page would hold it: for tests of one component, its markup and its query budget.
    public func renderAlone(_ component: AnyComponent, scope: RequestScope) async throws -> StandaloneRender {
        SceneRunner.configure([component], sceneURL: component.sceneURL.isEmpty ? "/" : component.sceneURL)
        try await SceneRunner.load([component], scope)
        let renderer = await renderer(for: scope)
        var writer = HTMLWriter()
        component.write(into: &writer, renderer: renderer)
        return StandaloneRender(html: String(decoding: writer.bytes, as: UTF8.self), queryCount: scope.database.counter.value)
    }

    /// Runs `sceneType` through its hooks in `scope` (parameters, components, loading) and
    /// renders its body without the layout: for tests of one scene and its query budget.
    /// Throws the ``RequestError`` a hook throws (a bad parameter, a missing subject).
    public func renderAlone(_ sceneType: Scene.Type, scope: RequestScope) async throws -> StandaloneRender {
        let scene = try SceneRunner(site: self, sceneType: sceneType).prepare(scope)
        try await scene.loadData(scope)
        try await SceneRunner.load(scene.components, scope)
        let renderer = await renderer(for: scope)
        var body = HTMLWriter()
        SceneBody(scene: scene).write(into: &body, renderer: renderer)
        return StandaloneRender(html: String(decoding: body.bytes, as: UTF8.self), queryCount: scope.database.counter.value)
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
            session: Session(id: "", userID: userID, csrfToken: ""), wantsFragment: false)
    }
}
