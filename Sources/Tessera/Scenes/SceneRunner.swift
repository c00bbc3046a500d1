import HTTPTypes
import Hummingbird

// MARK: - SceneRunner

/// Drives a scene through its life cycle for the three kinds of request a scene answers: the
/// full page, one component's fragment, and an action. All three share the same steps, so a
/// fragment is byte for byte what the page contains.
struct SceneRunner: Sendable {
    let site: Site
    let sceneType: Scene.Type

    // MARK: - Page

    /// `GET <path>`: the whole page.
    func page(_ request: Request, _ context: TesseraRequestContext) async throws -> Response {
        let scope = try makeScope(request, context)
        if let redirect = try signInRedirect(scope) { return redirect }
        let scene = try prepare(scope)
        try await scene.loadData(scope)
        try await Self.load(Self.onPage(scene.components), scope, reusing: site.fragmentCache)
        return await renderPage(scene, scope, status: .ok)
    }

    /// The components a page loads: lazy ones are left out and marked to render their
    /// placeholder.
    static func onPage(_ components: [AnyComponent]) -> [AnyComponent] {
        for component in components where component.isLazy { component.isDeferred = true }
        return components.filter { !$0.isLazy }
    }

    // MARK: - Fragment

    /// `GET <path>/_/<component id>`: one component alone, through the same steps.
    func fragment(_ request: Request, _ context: TesseraRequestContext) async throws -> Response {
        let scope = try makeScope(request, context)
        try refuseVisitors(scope)
        let scene = try prepare(scope)
        guard let id = context.parameters.get(Self.componentParameter),
            let component = Self.find(id, in: scene.components)
        else { throw RequestError.notFound() }
        try await scene.loadData(scope)
        try await Self.load([component], scope, reusing: site.fragmentCache)
        // A lazy component's placeholder link, followed without JavaScript: a page to read.
        if component.isLazy, !scope.wantsFragment {
            return await renderPage(scene, scope, status: .ok, body: component)
        }
        let renderer = await site.renderer(for: scope)
        var writer = HTMLWriter()
        component.write(into: &writer, renderer: renderer)
        await scene.didRender(scope, status: 200)
        return HTMLResponse.make(writer)
    }

    // MARK: - Action

    /// `POST <action path>`, in this order: the form is read and its CSRF token checked; the
    /// scene parses its parameters and configures its components; the scene's ``Scene/loadData(_:)``
    /// runs (its access checks, once, before any handler); the handler from the component's
    /// table runs; the answer is a redirect, or the fragments (or the page) rendered from what
    /// the handler produced, loading again only the components its result names.
    func action(
        _ request: Request, _ context: TesseraRequestContext, componentType: AnyComponent.Type, entry: ActionTable.Entry
    ) async throws -> Response {
        var scope = try makeScope(request, context)
        defer { RequestLog.current?.setTotalQueries(scope.database.counter.value) }
        try refuseVisitors(scope)
        let (form, files) = try await FormReader.read(request, limit: entry.maxBodySize)
        scope = scope.with(form: form, files: files)
        try CSRFCheck.verify(scope)

        let scene = try prepare(scope)
        // A form may name its component (`_component`) when a scene holds several of one type.
        let named = scope.form["_component"].flatMap { Self.find($0, in: scene.components) }
        guard let component = named.flatMap({ type(of: $0) == componentType ? $0 : nil })
            ?? scene.components.first(where: { type(of: $0) == componentType })
        else { throw RequestError.notFound() }
        try await scene.loadData(scope)
        let result = try await Self.guarded(scope, scene, acting: componentType) { scope in
            try await entry.handler(component, ActionContext(scope: scope.forComponent(), name: entry.name))
        }
        await recordAction(component, entry, scope, result)
        var response = try await respond(to: result, of: component, in: scene, scope)
        if let session = result.session {
            let cookie = SessionMiddleware.cookie(for: session, secure: site.configuration.usesTLS)
            response.headers.append(HTTPField(name: .setCookie, value: cookie))
        }
        if let notice = result.notice, !Self.showsNoticeInPlace(result, scope) {
            try await keepForNextPage(notice, of: result.session ?? scope.session, request, &response)
        }
        return response
    }

    /// The response for an action's result. The acting component is rendered as its handler
    /// left it; only the components whose types the result names (``ActionResult/updating(_:)``)
    /// load again. A plain refused post gets the whole page, the other components loaded.
    private func respond(to result: ActionResult, of component: AnyComponent, in scene: Scene, _ scope: RequestScope)
        async throws -> Response
    {
        switch result.outcome {
        case .redirect(let target):
            let location = RedirectTarget.local(target) ?? "/"  // never off the site
            return scope.wantsFragment
                ? Response(status: .ok, headers: [Self.redirectHeader: location]) : HTMLResponse.redirect(to: location)
        case .done where !scope.wantsFragment:
            return HTMLResponse.redirect(to: scene.url(scope))
        case .done, .invalid:
            let status: HTTPResponse.Status = result.outcome == .invalid ? .badRequest : .ok
            for missing in result.updates where !scene.components.contains(where: { type(of: $0) == missing }) {
                site.logger.error("\(type(of: component)) asked to update \(missing), which \(sceneType) does not hold")
            }
            guard scope.wantsFragment else {
                try await Self.load(Self.onPage(scene.components).filter { $0 !== component || result.names(type(of: $0)) }, scope)
                return await renderPage(scene, scope, status: status)
            }
            let others = result.updates.flatMap { updated in
                scene.components.filter { $0 !== component && type(of: $0) == updated }
            }
            let fragments = [component] + others
            try await Self.load(fragments.filter { result.names(type(of: $0)) }, scope)
            let renderer = await site.renderer(for: scope)
            var writer = HTMLWriter()
            for fragment in fragments { fragment.write(into: &writer, renderer: renderer) }
            if let notice = result.notice { renderer.render(BuiltInTemplates.notice, NoticeRegion(notice: notice), into: &writer) }
            return HTMLResponse.make(writer, status: status)
        }
    }

    // MARK: - Members only

    /// For a members-only scene and a visitor: a `303` to the sign-in page, coming back here.
    private func signInRedirect(_ scope: RequestScope) throws -> Response? {
        guard sceneType.requiresSignIn, scope.userID == nil else { return nil }
        guard let signIn = site.configuration.signInPath else { throw RequestError.forbidden("Sign in to see this page.") }
        var back = scope.request.uri.path
        if let query = scope.request.uri.query, !query.isEmpty { back += "?" + query }
        return HTMLResponse.redirect(to: signIn + URLQuery.encode([("next", back)]))
    }

    /// For a members-only scene and a visitor: 403, before anything is read or run.
    private func refuseVisitors(_ scope: RequestScope) throws {
        guard sceneType.requiresSignIn, scope.userID == nil else { return }
        throw RequestError.forbidden("Sign in to do that.")
    }

    // MARK: - Steps

    /// The scope of this request.
    private func makeScope(_ request: Request, _ context: TesseraRequestContext) throws -> RequestScope {
        let query = try PercentDecoding.pairs(Substring(request.uri.query ?? ""))
        var pathPairs: [(String, String)] = []
        for (name, value) in context.parameters where name != Self.componentParameter {
            pathPairs.append((String(name), try PercentDecoding.decode(value, plusIsSpace: false)))
        }
        let session = context.session ?? Session(id: "", userID: nil, csrfToken: "")
        var scope = RequestScope(
            request: request, path: Parameters(pathPairs, origin: .path), query: Parameters(query, origin: .query),
            form: .none, files: [], site: site, database: site.database.counting(into: QueryCounter()),
            session: session, wantsFragment: request.headers[Self.fragmentHeader] != nil)
        scope.clientAddress = context.remoteAddress?.ipAddress
        return scope
    }

    /// Steps 1–3: a new scene, its parameters parsed, its layout chosen, its components
    /// configured.
    func prepare(_ scope: RequestScope) throws -> Scene {
        let scene = sceneType.init()
        try scene.parseParameters(scope)
        scene.layout = scene.chooseLayout(scope)
        scene.configureComponents(scope)
        for component in scene.undeclared {
            site.logger.error("\(sceneType) added \(component.id) (\(type(of: component))), which its composition does not declare")
        }
        Self.configure(scene.components, sceneURL: scene.url(scope))
        return scene
    }

    /// Steps 5–7: head, body inside the layout, response, analytics.
    ///
    /// The layout's `content` is the scene's body as a fragment, so body and layout are written
    /// in one pass into one writer, whose storage is the response's buffer: no copy of the page.
    /// `body` replaces the scene's body (a lazy component's page of its own); default the body.
    private func renderPage(
        _ scene: Scene, _ scope: RequestScope, status: HTTPResponse.Status, body: (any HTMLFragment)? = nil
    ) async -> Response {
        var head = PageHead(title: site.configuration.name)
        head.status = status
        scene.willRender(&head, scope)
        let renderer = await site.renderer(for: scope)
        var page = HTMLWriter(capacity: 16_384)
        let body = body ?? SceneBody(scene: scene)
        if let layout = scene.layout {
            renderer.render(layout, LayoutViewModel(head: head, content: body, siteName: site.configuration.name), into: &page)
        } else {
            body.write(into: &page, renderer: renderer)
        }
        await scene.didRender(scope, status: Int(head.status.code))
        RequestLog.current?.setTotalQueries(scope.database.counter.value)
        return HTMLResponse.make(page, status: head.status, headers: head.headers)
    }

    private func recordAction(_ component: AnyComponent, _ entry: ActionTable.Entry, _ scope: RequestScope, _ result: ActionResult) async {
        let status = result.outcome == .invalid ? 400 : 200
        let proposed = AnalyticsEvent(
            kind: .action, name: type(of: component).componentName + "." + entry.name, path: scope.request.uri.path, status: status)
        if let event = component.analyticsEvent(forAction: entry.name, proposed: proposed) { await site.record(event) }
    }

    // MARK: - Components

    /// Sets each component's scene URL.
    static func configure(_ components: [AnyComponent], sceneURL: String) {
        for component in components { component.sceneURL = sceneURL }
    }

    /// Loads `components` concurrently: each but the first in a child task, the first in this
    /// task meanwhile (so a page of one component starts no task, and no page waits for a thread
    /// to pick up work it could do itself). A ``RequestError`` ends the request (bad input); any
    /// other error stays in its component.
    ///
    /// With a `cache` (a `GET`'s page or fragment; default none), a component that allows it
    /// (``AnyComponent/caching``) and has a valid fragment there is not loaded: it writes that
    /// fragment. Only the others start tasks.
    static func load(_ components: [AnyComponent], _ scope: RequestScope, reusing cache: FragmentCache? = nil)
        async throws
    {
        let components = cache.map { cache in components.filter { !reuse($0, from: cache, scope) } } ?? components
        guard let first = components.first else { return }
        guard components.count > 1 else { return try await loadOne(first, scope) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for component in components.dropFirst() {
                group.addTask { try await loadOne(component, scope) }
            }
            try await loadOne(first, scope)
            try await group.waitForAll()
        }
    }

    /// Whether `component` found its fragment in `cache` (then it is set to be written as it
    /// is); otherwise it is set to store the fragment it renders, if its type allows reuse.
    private static func reuse(_ component: AnyComponent, from cache: FragmentCache, _ scope: RequestScope) -> Bool {
        let caching = type(of: component).caching
        guard caching != .never else { return false }
        let key = FragmentCache.Key(
            type: ObjectIdentifier(type(of: component)), id: component.id, sceneURL: component.sceneURL,
            query: scope.request.uri.query ?? "", userID: caching == .perUser ? scope.userID : nil)
        let (bytes, pending) = cache.lookup(key)
        component.cachedFragment = bytes
        component.pendingFragment = pending
        guard bytes != nil else { return false }
        component.isDeferred = false
        RequestLog.current?.add(component: component.id, duration: .zero, queries: 0)
        return true
    }

    /// Loads one component with its own query counter, timing it for the request log.
    private static func loadOne(_ component: AnyComponent, _ scope: RequestScope) async throws {
        let own = scope.forComponent().seenBy(type(of: component).caching)
        component.queryCounter = own.database.counter
        component.isDeferred = false
        component.showsDevFigures = scope.site.configuration.isDevelopment
        let start = ContinuousClock.now
        do {
            try await component.load(own)
        } catch let error as RequestError {
            throw error
        } catch {
            component.loadError = error
            scope.site.logger.error("component \(component.id) failed to load: \(error)")
        }
        component.loadDuration = ContinuousClock.now - start
        RequestLog.current?.add(component: component.id, duration: component.loadDuration, queries: component.queryCount)
        RequestLog.current?.setTotalQueries(scope.database.counter.value)
    }

    static func find(_ id: String, in components: [AnyComponent]) -> AnyComponent? {
        components.first { $0.id == id }
    }

    // MARK: - Names

    /// The route parameter holding a fragment's component id.
    static let componentParameter = "tessera_component"
    /// The header scripts send to ask for fragments instead of pages.
    static let fragmentHeader = HTTPField.Name("X-Tessera-Fragment")!
    /// The header that tells a script to go to another page.
    static let redirectHeader = HTTPField.Name("X-Tessera-Redirect")!
}
