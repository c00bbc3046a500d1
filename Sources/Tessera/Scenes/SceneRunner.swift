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
        mount(scene, scope)
        try await Self.load(Self.onPage(scene.components), scope, reusing: site.fragmentCache)
        return await renderPage(scene, scope, status: .ok)
    }

    /// The components a page loads: lazy ones are left out and marked to render their
    /// placeholder.
    static func onPage(_ components: [MountedComponent]) -> [MountedComponent] {
        for component in components where component.isLazy { component.isDeferred = true }
        return components.filter { !$0.isLazy }
    }

    // MARK: - Fragment

    /// `GET <path>/_/<component id>`: one component alone, through the same steps.
    func fragment(_ request: Request, _ context: TesseraRequestContext) async throws -> Response {
        let scope = try makeScope(request, context)
        try refuseVisitors(scope)
        guard let id = context.parameters.get(Self.componentParameter),
            sceneType.composition.contains(where: { $0.id == id || id.hasPrefix($0.id + "-") })
        else { throw RequestError.notFound() }
        let scene = try prepare(scope)
        try await scene.loadData(scope)
        mount(scene, scope)
        guard let component = Self.resolve(id, in: scene.components) else { throw RequestError.notFound() }
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
    /// scene parses its parameters; the scene's ``Scene/loadData(_:)`` runs (its access checks,
    /// once, before any handler) and its components are made; the handler from the component's
    /// table runs; the answer is a redirect, or the fragments (or the page) rendered from what
    /// the handler showed, loading again only the components its result names.
    func action(
        _ request: Request, _ context: TesseraRequestContext, componentType: any Component.Type, entry: ActionEntry
    ) async throws -> Response {
        var scope = try makeScope(request, context)
        defer { RequestLog.current?.setTotalQueries(scope.database.counter.value) }
        try refuseVisitors(scope)
        let (form, files) = try await FormReader.read(request, limit: entry.maxBodySize)
        scope = scope.with(form: form, files: files)
        try CSRFCheck.verify(scope)
        let scene = try prepare(scope)
        try await scene.loadData(scope)
        mount(scene, scope)
        // A form may name its component (`_component`) when a scene holds several of one type.
        let named = scope.form["_component"].flatMap { Self.resolve($0, in: scene.components) }
        guard let component = named.flatMap({ Self.same($0.type, componentType) ? $0 : nil })
            ?? scene.components.first(where: { Self.same($0.type, componentType) })
        else { throw RequestError.notFound() }
        let result = try await Self.guarded(scope, scene) { scope in
            let place = ComponentPlace(request: scope.forComponent(), id: component.id, sceneURL: component.sceneURL)
            return try await entry.handler(component.component, place)
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

    /// The response for an action's result. The acting component shows the model its handler
    /// gave, or loads again; the components whose types the result names
    /// (``ActionResult/updating(_:)``) are made anew after the scene's ``Scene/loadData(_:)``
    /// runs again, and load. A plain refused post gets the whole page, the other components
    /// loaded.
    private func respond(to result: AnyActionResult, of component: MountedComponent, in scene: Scene, _ scope: RequestScope)
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
            guard scope.wantsFragment else {
                component.model = result.model
                try await Self.load(Self.onPage(scene.components).filter { $0 !== component || result.model == nil }, scope)
                return await renderPage(scene, scope, status: status)
            }
            var fragments = [component]
            for updated in result.updates {
                fragments += scene.components.filter { $0 !== component && Self.same($0.type, updated) }
            }
            if result.model == nil || fragments.count > 1 {
                // What the action wrote: the scene reads again, and the components it names are made anew.
                try await scene.loadData(scope)
                mount(scene, scope)
                fragments = fragments.compactMap { Self.resolve($0.id, in: scene.components) }
            }
            let acting = fragments.first { $0.id == component.id }
            acting?.model = result.model
            try await Self.load(fragments.filter { $0 !== acting || result.model == nil }, scope)
            let renderer = await site.renderer(for: scope)
            var writer = HTMLWriter()
            for fragment in fragments { fragment.write(into: &writer, renderer: renderer) }
            if let notice = result.notice { renderer.render(BuiltInTemplates.notice, NoticeRegion(notice: notice), into: &writer) }
            var response = HTMLResponse.make(writer, status: status)
            if let focus = result.focus { response.headers[Self.focusHeader] = focus }
            return response
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

    /// Steps 1–2: a new scene, its parameters parsed, its layout chosen.
    func prepare(_ scope: RequestScope) throws -> Scene {
        let scene = sceneType.init()
        try scene.parseParameters(scope)
        scene.layout = scene.chooseLayout(scope)
        return scene
    }

    /// Step 4's first half: the scene's components, made from the scene by its composition's
    /// slots (those whose maker returns nil are left out).
    func mount(_ scene: Scene, _ scope: RequestScope) {
        let sceneURL = scene.url(scope)
        scene.components = sceneType.composition.compactMap { slot in
            slot.make(scene, scope).map { MountedComponent($0, id: slot.id, sceneURL: sceneURL, isLazy: slot.isLazy) }
        }
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

    private func recordAction(_ component: MountedComponent, _ entry: ActionEntry, _ scope: RequestScope, _ result: AnyActionResult) async {
        let status = result.outcome == .invalid ? 400 : 200
        var proposed = AnalyticsEvent(
            kind: .action, name: component.type.componentName + "." + entry.name, path: scope.request.uri.path, status: status)
        if let detail = result.analyticsDetail { proposed.detail = detail }
        if let event = component.component.analyticsEvent(forAction: entry.name, proposed: proposed) { await site.record(event) }
    }

    // MARK: - Components

    /// Loads `components` concurrently: each but the first in a child task, the first in this
    /// task meanwhile (so a page of one component starts no task, and no page waits for a thread
    /// to pick up work it could do itself). A ``RequestError`` ends the request (bad input); any
    /// other error stays in its component. Each task gets the component (a `Sendable` value) and
    /// hands back its model; the mounted components are only touched here.
    ///
    /// With a `cache` (a `GET`'s page or fragment; default none), a component that allows it
    /// (``Component/caching``) and has a valid fragment there is not loaded: it writes that
    /// fragment. Only the others start tasks.
    static func load(_ components: [MountedComponent], _ scope: RequestScope, reusing cache: FragmentCache? = nil)
        async throws
    {
        try await loadEach(components, scope, reusing: cache)
        try await loadChildren(of: components, scope, reusing: cache)
    }

    /// ``load(_:_:reusing:)``'s first part: `components` themselves, concurrently.
    private static func loadEach(_ components: [MountedComponent], _ scope: RequestScope, reusing cache: FragmentCache?)
        async throws
    {
        let components = cache.map { cache in components.filter { !reuse($0, from: cache, scope) } } ?? components
        guard let first = components.first else { return }
        let isDevelopment = scope.site.configuration.isDevelopment
        for component in components { component.showsDevFigures = isDevelopment }
        guard components.count > 1 else { return first.take(try await loadOne(first.component, first.id, first.sceneURL, scope)) }
        try await withThrowingTaskGroup(of: (Int, LoadOutcome).self) { group in
            for (index, component) in components.enumerated().dropFirst() {
                let (made, id, sceneURL) = (component.component, component.id, component.sceneURL)
                group.addTask { (index, try await loadOne(made, id, sceneURL, scope)) }
            }
            first.take(try await loadOne(first.component, first.id, first.sceneURL, scope))
            for try await (index, outcome) in group { components[index].take(outcome) }
        }
    }

    /// Whether `component` found its fragment in `cache` (then it is set to be written as it
    /// is); otherwise it is set to store the fragment it renders, if its type allows reuse.
    private static func reuse(_ component: MountedComponent, from cache: FragmentCache, _ scope: RequestScope) -> Bool {
        let caching = component.type.caching
        guard caching != .never else { return false }
        let key = FragmentCache.Key(
            type: ObjectIdentifier(component.type), id: component.id, sceneURL: component.sceneURL,
            query: scope.request.uri.query ?? "", userID: caching == .perUser ? scope.userID : nil)
        let (fragment, pending) = cache.lookup(key)
        component.pendingFragment = pending
        guard let fragment else { return false }
        component.reuse(fragment)
        RequestLog.current?.add(component: component.id, duration: .zero, queries: 0)
        return true
    }

    /// Loads one component with its own query counter, timing it for the request log.
    private static func loadOne(_ component: any Component, _ id: String, _ sceneURL: String, _ scope: RequestScope)
        async throws -> LoadOutcome
    {
        let own = scope.forComponent().seenBy(type(of: component).caching)
        let start = ContinuousClock.now
        let result: Result<any ViewModel & Sendable, any Error>
        var children: [(id: String, component: any Component)] = []
        do {
            (result, children) = try await loadModel(component, ComponentPlace(request: own, id: id, sceneURL: sceneURL))
        } catch let error as RequestError {
            throw error
        } catch {
            result = .failure(error)
            scope.site.logger.error("component \(id) failed to load: \(error)")
        }
        let outcome = LoadOutcome(
            result: result, queries: own.database.counter.value, duration: ContinuousClock.now - start, children: children)
        RequestLog.current?.add(component: id, duration: outcome.duration, queries: outcome.queries)
        RequestLog.current?.setTotalQueries(scope.database.counter.value)
        return outcome
    }

    /// `component`'s model, loaded in `place`, and the children it placed.
    private static func loadModel<C: Component>(_ component: C, _ place: ComponentPlace)
        async throws -> (Result<any ViewModel & Sendable, any Error>, [(id: String, component: any Component)])
    {
        let scope = ComponentScope(request: place.request, id: place.id, sceneURL: place.sceneURL, component: component)
        return (.success(try await component.load(scope)), scope.children)
    }

    // MARK: - Children

    /// Loads the children `parents` placed (and theirs, level by level): those whose fragment is
    /// reused are not loaded; the others load one batch per type (``Component/load(batch:)``),
    /// in the order the types first appear.
    private static func loadChildren(of parents: [MountedComponent], _ scope: RequestScope, reusing cache: FragmentCache?)
        async throws
    {
        let children = parents.flatMap(\.children)
        guard !children.isEmpty else { return }
        let isDevelopment = scope.site.configuration.isDevelopment
        for child in children { child.showsDevFigures = isDevelopment }
        let loading = cache.map { cache in children.filter { !reuse($0, from: cache, scope) } } ?? children
        var groups: [[MountedComponent]] = []
        for child in loading {
            if let index = groups.firstIndex(where: { same($0[0].type, child.type) }) {
                groups[index].append(child)
            } else {
                groups.append([child])
            }
        }
        for group in groups {
            let outcomes = try await loadBatch(group[0].type, group.map { ($0.component, $0.id, $0.sceneURL) }, scope)
            for (child, outcome) in zip(group, outcomes) { child.take(outcome) }
        }
        try await loadChildren(of: children, scope, reusing: cache)
    }

    /// Loads `items` (components of type `C`, with their ids and scene URLs) in one batch. The
    /// batch's statements are counted on its first component; an error other than a
    /// ``RequestError`` shows in each.
    private static func loadBatch<C: Component>(
        _ type: C.Type, _ items: [(component: any Component, id: String, sceneURL: String)], _ scope: RequestScope
    ) async throws -> [LoadOutcome] {
        let own = scope.forComponent().seenBy(C.caching)
        let batch = items.compactMap { item in
            (item.component as? C).map { component in
                (component: component, scope: ComponentScope<C>(request: own, id: item.id, sceneURL: item.sceneURL, component: component))
            }
        }
        let start = ContinuousClock.now
        let results: [Result<any ViewModel & Sendable, any Error>]
        do {
            let models = try await C.load(batch: batch)
            guard models.count == batch.count else { throw BatchMismatch(type: "\(C.self)", expected: batch.count, got: models.count) }
            results = models.map { .success($0) }
        } catch let error as RequestError {
            throw error
        } catch {
            results = batch.map { _ in .failure(error) }
            scope.site.logger.error("\(C.self) children failed to load: \(error)")
        }
        let duration = ContinuousClock.now - start
        let queries = own.database.counter.value
        // One entry for the batch (say `like-button×10`): a page of children is one line's worth.
        RequestLog.current?.add(component: "\(C.componentName)×\(items.count)", duration: duration, queries: queries)
        RequestLog.current?.setTotalQueries(scope.database.counter.value)
        return zip(results, batch).enumerated().map { index, pair in
            LoadOutcome(result: pair.0, queries: index == 0 ? queries : 0, duration: duration, children: pair.1.scope.children)
        }
    }

    /// A batch load that returned a different number of models than it was given components.
    struct BatchMismatch: Error, CustomStringConvertible {
        let type: String
        let expected: Int
        let got: Int
        var description: String { "\(type).load(batch:) returned \(got) models for \(expected) components" }
    }

    /// The component `id` of `scene`: one its composition made, or a child of one of those
    /// (`<parent id>-<kind>-<key>`, made from its parent alone, not loaded), or nil.
    static func resolve(_ id: String, in components: [MountedComponent]) -> MountedComponent? {
        if let found = find(id, in: components) { return found }
        for parent in components where id.hasPrefix(parent.id + "-") {
            let rest = id.dropFirst(parent.id.count + 1)
            for kind in parent.type.children where rest.hasPrefix(kind.name + "-") {
                let key = String(rest.dropFirst(kind.name.count + 1))
                if let child = kind.child(of: parent.component, key: key) {
                    return MountedComponent(child, id: id, sceneURL: parent.sceneURL)
                }
            }
        }
        return nil
    }

    static func find(_ id: String, in components: [MountedComponent]) -> MountedComponent? {
        components.first { $0.id == id }
    }

    /// Whether two component types are the same type.
    static func same(_ a: any Component.Type, _ b: any Component.Type) -> Bool { ObjectIdentifier(a) == ObjectIdentifier(b) }

    // MARK: - Names

    /// The route parameter holding a fragment's component id.
    static let componentParameter = "tessera_component"
    /// The header scripts send to ask for fragments instead of pages.
    static let fragmentHeader = HTTPField.Name("X-Tessera-Fragment")!
    /// The header that tells a script which element to focus after an action.
    static let focusHeader = HTTPField.Name("X-Tessera-Focus")!

    /// The header that tells a script to go to another page.
    static let redirectHeader = HTTPField.Name("X-Tessera-Redirect")!
}
