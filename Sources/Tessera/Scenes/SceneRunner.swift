import HTTPTypes
import Hummingbird

// MARK: - SceneRunner

/// Drives a scene through its life cycle for the three kinds of request a scene answers: the
/// full page, one component's fragment, and an action. All three share the same steps, so a
/// fragment is byte for byte what the page contains.
struct SceneRunner: Sendable {
    let site: Site
    let sceneType: Scene.Type
    /// The scene's ``Scene/composition``, read once when its routes are mounted rather than
    /// built again for every request.
    let composition: [ComponentSlot]

    /// The runner of `sceneType` on `site`.
    init(site: Site, sceneType: Scene.Type) {
        self.site = site
        self.sceneType = sceneType
        composition = sceneType.composition
    }

    // MARK: - Page

    /// `GET <path>`: the whole page.
    func page(_ request: Request, _ context: TesseraRequestContext) async throws -> Response {
        var scope = try makeScope(request, context)
        if let redirect = try signInRedirect(scope) { return redirect }
        let scene = try prepare(scope)
        scope.reuseStart = site.fragmentCache?.begin()  // before the scene reads: what it hands its components counts too
        try await scene.loadData(scope)
        mount(scene, scope)
        try await Self.load(Self.onPage(scene.components), scope)
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
        var scope = try makeScope(request, context)
        try refuseVisitors(scope)
        guard let id = context.parameters.get(Self.componentParameter),
            composition.contains(where: { $0.id == id || id.hasPrefix($0.id + "-") })
        else { throw RequestError.notFound() }
        let scene = try prepare(scope)
        scope.reuseStart = site.fragmentCache?.begin()
        try await scene.loadData(scope)
        mount(scene, scope)
        guard let component = try await Self.resolve(id, in: scene.components, scope) else { throw RequestError.notFound() }
        try await Self.load([component], scope)
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

    /// `POST <action path>`, in this order: the form is read (its size and field count, then its
    /// origin and CSRF token checked before it is decoded whole); the
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
        // The cheap refusals first: size, field count, origin and token, then the whole form.
        let body = try await FormBody.read(request, limit: entry.maxBodySize)
        try CSRFCheck.verify(body, request, scope.session)
        let (form, files) = try body.decode()
        scope = scope.with(form: form, files: files)
        let scene = try prepare(scope)
        try await scene.loadData(scope)
        mount(scene, scope)
        // A child's action URL names it (`_component`): a scene may hold many of its type.
        let component: MountedComponent
        if let name = scope.query[Self.componentField] ?? scope.form[Self.componentField] {
            // A form naming a component the page would not show this viewer is refused.
            guard let named = try await Self.resolve(name, in: scene.components, scope), Self.same(named.type, componentType)
            else { throw RequestError.notFound() }
            component = named
        } else {
            guard let first = scene.components.first(where: { Self.same($0.type, componentType) }) else { throw RequestError.notFound() }
            component = first
        }
        let result = try await Self.guarded(scope, scene) { scope in
            try await entry.handler(component.component, component.place(in: scope.forComponent()))
        }
        await recordAction(component, entry, scope, result)
        let inPlace = scope.wantsFragment && Self.isShown(request.headers[Self.targetHeader], with: component, in: scene)
        var response = try await respond(to: result, of: component, in: scene, scope, inPlace: inPlace)
        if let session = result.session {
            let cookie = SessionMiddleware.cookie(for: session, secure: site.configuration.usesTLS)
            response.headers.append(HTTPField(name: .setCookie, value: cookie))
        }
        if let notice = result.notice, !(inPlace && Self.showsNoticeInPlace(result, scope)) {
            try await keepForNextPage(notice, of: result.session ?? scope.session, request, &response)
        }
        return response
    }

    /// The response for an action's result. The acting component shows the model its handler
    /// gave, or loads again; the components whose types the result names
    /// (``ActionResult/updating(_:)``) are made anew after the scene's ``Scene/loadData(_:)``
    /// runs again, and load — `inPlace`, as fragments for the client script. Otherwise (a plain
    /// post, or a script's post from a page that does not show the acting component) a success
    /// goes to the scene's page and a refusal gets the whole page, the other components loaded
    /// (marked ``pageHeader`` for the script).
    private func respond(
        to result: AnyActionResult, of component: MountedComponent, in scene: Scene, _ scope: RequestScope, inPlace: Bool
    ) async throws -> Response {
        switch result.outcome {
        case .redirect(let target):
            return Self.redirect(to: RedirectTarget.local(target) ?? "/", scope)  // never off the site
        case .done where !inPlace:
            return Self.redirect(to: scene.url(scope), scope)
        case .done, .invalid:
            let status: HTTPResponse.Status = result.outcome == .invalid ? .badRequest : .ok
            guard inPlace else {
                component.model = result.model
                try await Self.load(Self.onPage(scene.components).filter { $0 !== component || result.model == nil }, scope)
                var page = await renderPage(scene, scope, status: status)
                if scope.wantsFragment { page.headers[Self.pageHeader] = "1" }
                return page
            }
            var fragments = [component]
            for updated in result.updates {
                fragments += scene.components.filter { $0 !== component && Self.same($0.type, updated) }
            }
            if result.model == nil || fragments.count > 1 {
                // What the action wrote: the scene reads again, and the components it names are made anew.
                try await scene.loadData(scope)
                mount(scene, scope)
                var resolved: [MountedComponent] = []
                for fragment in fragments {
                    if let found = try await Self.resolve(fragment.id, in: scene.components, scope) { resolved.append(found) }
                }
                fragments = resolved
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
        scene.components = composition.compactMap { slot in
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
        if status == .badRequest, !head.title.hasPrefix(Self.refusedTitlePrefix) { head.title = Self.refusedTitlePrefix + head.title }
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

    /// Whether two component types are the same type.
    static func same(_ a: any Component.Type, _ b: any Component.Type) -> Bool { ObjectIdentifier(a) == ObjectIdentifier(b) }

    // MARK: - Names

    /// A `303` to `location`, or for the client script the header naming it (`fetch` would
    /// follow a `303` itself).
    static func redirect(to location: String, _ scope: RequestScope) -> Response {
        scope.wantsFragment ? Response(status: .ok, headers: [redirectHeader: location]) : HTMLResponse.redirect(to: location)
    }

    /// Whether the page a script posted from, whose form sits in the component with id `target`
    /// (nil: unknown), shows what `component` answers with: that component, or another of its
    /// scene.
    static func isShown(_ target: String?, with component: MountedComponent, in scene: Scene) -> Bool {
        guard let target else { return true }
        return target == component.id || scene.components.contains { $0.id == target }
    }

    /// What starts a refused form's page title (GOV.UK's pattern), so a screen reader says it first.
    static let refusedTitlePrefix = "Error: "
    /// The query item (or form field) naming the component an action is for.
    static let componentField = "_component"
    /// The header a script's post names the component its form sits in with.
    static let targetHeader = HTTPField.Name("X-Tessera-Target")!
    /// The header marking a whole page sent to a script's post (its form's page does not show
    /// the component that answered).
    static let pageHeader = HTTPField.Name("X-Tessera-Page")!
    /// The route parameter holding a fragment's component id.
    static let componentParameter = "tessera_component"
    /// The header scripts send to ask for fragments instead of pages.
    static let fragmentHeader = HTTPField.Name("X-Tessera-Fragment")!
    /// The header that tells a script which element to focus after an action.
    static let focusHeader = HTTPField.Name("X-Tessera-Focus")!

    /// The header that tells a script to go to another page.
    static let redirectHeader = HTTPField.Name("X-Tessera-Redirect")!
}
