import Hummingbird
import NIOCore

// MARK: - Rendering alone

/// What rendering a component or scene alone produced (in a test, a tool, or a preview).
public struct StandaloneRender: Sendable {
    /// The markup: the component's fragment, or the scene's body without its layout (for the
    /// dev preview page, the whole page around the fragment); empty when it could not render.
    public let html: String
    /// The SQL statements its loading ran (the scene's and its components', children
    /// included; not the page's own reads such as the signed-in member).
    public let queryCount: Int
    /// The component's fragment URL as the page would write it (empty for a scene).
    package let fragmentURL: String
    /// What the component's `load` threw (shown in its error fragment), or nil.
    public let loadError: String?
    /// Why a preview could not render at all (its fixtures failed, or loading refused the
    /// request), or nil.
    public var failure: String? = nil
}

extension Site {
    /// Loads `component` in `scope` as `id` (default its ``Component/componentName``) on the
    /// scene at `sceneURL` (default `/`), and renders its fragment exactly as a page would hold
    /// it: for tests of one component, its markup and its query budget.
    public func renderAlone<C: Component>(_ component: C, id: String? = nil, sceneURL: String = "/", scope: RequestScope)
        async throws -> StandaloneRender
    {
        let placed = PlacedComponent(component: component, id: id ?? C.componentName, sceneURL: sceneURL)
        let loaded = try await ComponentLoader.load([placed], scope)[0]
        let queries = scope.database.counter.value
        let renderer = try await renderer(for: scope)
        var writer = HTMLWriter()
        loaded.write(into: &writer, renderer: renderer)
        var loadError: String?
        if case .failed(let error) = loaded.state { loadError = "\(error)" }
        return StandaloneRender(
            html: String(decoding: writer.bytes, as: UTF8.self), queryCount: queries, fragmentURL: loaded.fragmentURL, loadError: loadError)
    }

    /// Runs `sceneType` through the request pipeline in `scope` (parameters, loading,
    /// components, lazy ones too) and renders its body without the layout: for tests of one
    /// scene and its query budget. Throws the ``RequestError`` a hook throws (a bad parameter,
    /// a missing subject).
    public func renderAlone(_ sceneType: Scene.Type, scope: RequestScope) async throws -> StandaloneRender {
        let answer = try await RequestPipeline(site: self, plan: ScenePlan(sceneType)).run(.body, scope)
        return StandaloneRender(
            html: answer.html.map { String(buffer: $0) } ?? "", queryCount: scope.database.counter.value, fragmentURL: "", loadError: nil)
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
