import HTTPTypes
import Hummingbird
import NIOCore

// MARK: - RequestPipeline

/// The one path every request to a scene takes, whatever it asks for: its page, one
/// component's fragment, an action, or (for tests and tools) the scene's body alone.
///
/// ``run(_:_:)`` reads top to bottom: authorize → reuse → parse → load → act → render. The same steps
/// serve every mode, so a fragment is byte for byte what the page holds, and an action's
/// component is the one its page would show this viewer.
struct RequestPipeline: Sendable {
    let site: Site
    /// The scene's declarations, read once when its routes were mounted.
    let plan: ScenePlan

    /// What a request asks the scene for.
    enum Mode: Sendable {
        /// `GET <path>`: the whole page.
        case page
        /// `GET <path>/_/<id>`: the component `id` alone.
        case fragment(String)
        /// `POST <action path>`: the action, then its answer.
        case action(ScenePlan.PlannedAction)
        /// The scene's body without its layout, every component loaded (tests, tools).
        case body

        /// Whether it is a page's or a fragment's `GET`.
        var isRead: Bool {
            switch self {
            case .page, .fragment: true
            case .action, .body: false
            }
        }

        /// Whether its answer may hold the layout, and so the layout's components.
        var showsLayout: Bool {
            if case .body = self { false } else { true }
        }
    }

    // MARK: - HTTP

    /// Runs `mode` for `request` and makes its HTTP response.
    func respond(to request: Request, _ context: TesseraRequestContext, _ mode: Mode) async throws -> Response {
        var scope = try makeScope(request, context)
        defer { RequestLog.current?.setTotalQueries(scope.database.counter.value) }
        // A page or fragment is rendered with its forms' tokens as holes, filled here as the bytes
        // leave: a fragment holding a form is then the same bytes on every request and is kept
        // under its caching like any other. (A live stream's render is filled by its stream.)
        let session = scope.session
        let fillsTokens = !session.writesTokenHoles && mode.isRead
        if fillsTokens { scope = scope.seen(as: session.withTokenHoles()) }
        var answer = try await run(mode, scope)
        if fillsTokens, let html = answer.html { answer.html = TokenHoles.fill(html, csrfToken: session.csrfToken) }
        context.renderedReads?.tables = scope.database.counter.reads
        context.renderedReads?.row = answer.row
        return answer.response(forScript: scope.wantsFragment)
    }

    // MARK: - The pipeline

    /// Answers `mode` in `request`.
    func run(_ mode: Mode, _ request: RequestScope) async throws -> Answer {
        var scope = request

        // 1. Authorize: the scene's policy, as far as the viewer alone decides it, before
        //    anything is read or run (an owner rule waits for the scene's record, step 4).
        let authorized = try await decide(plan.policy, scope, subjects: [])
        if case .denied(let refusal) = authorized { return try refuse(refusal, mode, scope) }

        // 2. Reuse: a GET may reuse what earlier requests rendered. Reuse starts before the scene
        //    reads, so what it hands its components counts too; a visitor may get a whole page
        //    kept from an earlier request (ReuseLayer).
        var pageKey: FragmentCache.Key?
        switch mode {
        case .page:
            scope = scope.reusing(from: site.fragmentCache?.begin())
            pageKey = ReuseLayer.pageKey(plan.sceneType, scope)
            if let pageKey, let page = scope.reuseStart?.cache.page(for: pageKey) {
                return try await answerKept(page, scope)
            }
        case .fragment: scope = scope.reusing(from: site.fragmentCache?.begin())
        case .action, .body: break
        }

        // 3. Parse: an action's form (the cheap refusals first: size, field count, origin and
        //    token), then the scene's parameters and its layout.
        if case .action(let action) = mode {
            let body = try await FormBody.read(scope.request, limit: action.entry.maxBodySize)
            try CSRFCheck.verify(body, scope.request, scope.session)
            let (form, files) = try body.decode()
            scope = scope.with(form: form, files: files)
        }
        let scene = plan.sceneType.init()
        try scene.parseParameters(scope)
        scene.layout = scene.chooseLayout(scope)

        // 4. Load: the scene's data (its access checks, once), then the components its
        //    composition makes from it.
        try await scene.loadData(scope)
        if authorized == .undecided {
            let decision = try await decide(plan.policy, scope, subjects: [scene])
            if decision != .allowed { return try refuse(decision.refusal, mode, scope) }
        }
        let placed = place(scene, scope, inLayout: mode.showsLayout && scene.layout != nil)

        switch mode {
        case .page:
            let loaded = try await ComponentLoader.load(placed, scope, deferringLazy: true)
            let answer = try await renderPage(scene, loaded, scope)
            if let pageKey { ReuseLayer.keepPage(answer, of: plan.sceneType, holding: loaded, at: pageKey, scope) }
            return answer

        case .body:
            let loaded = try await ComponentLoader.load(placed, scope)
            return try await render(SceneBody(scene: scene, components: loaded), scope)

        case .fragment(let id):
            guard Self.places(id, in: plan.composition) || Self.places(id, in: plan.layoutComposition),
                let target = try await ComponentLoader.resolve(id, in: placed, scope)
            else { throw RequestError.notFound() }
            if Self.places(id, in: plan.layoutComposition) {
                // A layout's component answers only where its page would: the scene's own
                // components load first, and any refusal of theirs (a 404, a 403) is the answer.
                _ = try await ComponentLoader.load(placed.filter { !isInLayout($0.id) }, scope, deferringLazy: true)
            }
            let loaded = try await ComponentLoader.load([target], scope)
            // A lazy component's placeholder link, followed without JavaScript: a page to read.
            if target.isLazy, !scope.wantsFragment { return try await renderPage(scene, loaded, scope, body: loaded[0]) }
            var answer = try await render(loaded[0], scope)
            answer.row = target.row
            await scene.didRender(scope, status: 200)
            return answer

        case .action(let action):
            let acting = try await actingComponent(action, in: placed, scope)
            if let policy = action.entry.policy {
                let decision = try await decide(policy, scope, subjects: [acting.component, scene])
                if decision != .allowed { return try refuse(decision.refusal, mode, scope) }
            }
            // The tab's open stream waits for the answer, which it then need not send again.
            let tab = scope.request.headers[LiveStream.streamHeader].flatMap { site.liveHub.inboxes.begin($0, for: scope.session.id) }
            defer { tab?.end() }
            // 5. Act: the handler runs once per submission (a repeated one answers as the first).
            let result = try await Self.guarded(scope, scene) { scope in try await action.entry.handler(acting, scope.forComponent()) }
            await record(result, of: action, acting, scope)
            // 6. Render what the handler showed, or go where it sent the browser.
            let inPlace = scope.wantsFragment && Self.isShown(scope.request.headers[Self.targetHeader], with: acting, among: placed)
            var answer = try await answer(result, of: acting, in: scene, placed, scope, inPlace: inPlace)
            if let session = result.session {
                answer.headers.append(
                    HTTPField(name: .setCookie, value: SessionMiddleware.cookie(for: session, secure: site.configuration.usesTLS)))
            }
            if let notice = result.notice, !(inPlace && Self.showsNoticeInPlace(result, scope)) {
                try await keepForNextPage(notice, of: result.session ?? scope.session, scope.request, &answer.headers)
            }
            return answer
        }
    }

    // MARK: - Placing

    /// The scene's components, made from the scene by its composition's slots, then, when
    /// `inLayout`, the layout's (those whose maker returns nil are left out).
    func place(_ scene: Scene, _ scope: RequestScope, inLayout: Bool) -> [PlacedComponent] {
        let sceneURL = scene.url(scope)
        return (inLayout ? plan.composition + plan.layoutComposition : plan.composition).compactMap { slot in
            slot.make(scene, scope).map { PlacedComponent(component: $0, id: slot.id, sceneURL: sceneURL, isLazy: slot.isLazy) }
        }
    }

    /// Whether component `id` is one of the layout's (``ScenePlan/layoutComposition``).
    private func isInLayout(_ id: String) -> Bool { plan.layoutComposition.contains { $0.id == id } }

    /// Whether `id` is one of `slots`' components or a child of one (`<slot id>-…`).
    private static func places(_ id: String, in slots: [ComponentSlot]) -> Bool {
        slots.contains { id == $0.id || id.hasPrefix($0.id + "-") }
    }

    // MARK: - Rendering

    /// The page: head, then the body inside the layout, in one pass into one writer whose
    /// storage becomes the response's buffer. `body` replaces the scene's body (a lazy
    /// component's page of its own).
    func renderPage(
        _ scene: Scene, _ components: [LoadedComponent], _ scope: RequestScope, status: HTTPResponse.Status = .ok,
        body: (any HTMLFragment)? = nil
    ) async throws -> Answer {
        var head = PageHead(title: site.configuration.name)
        head.status = status
        scene.willRender(&head, scope)
        if status == .badRequest, !head.title.hasPrefix(Self.refusedTitlePrefix) { head.title = Self.refusedTitlePrefix + head.title }
        let renderer = try await site.renderer(for: scope)
        var page = HTMLWriter(capacity: 16_384)
        let body = body ?? SceneBody(scene: scene, components: components.filter { !isInLayout($0.id) })
        let layoutComponents = components.filter { isInLayout($0.id) }
        if let tracing = SiteTelemetry.current?.tracing {
            tracing.rendering("render page " + (scene.layout ?? "")) {
                site.writePage(layout: scene.layout, head: head, body: body, layoutComponents: layoutComponents, renderer: renderer, into: &page)
            }
        } else {
            site.writePage(layout: scene.layout, head: head, body: body, layoutComponents: layoutComponents, renderer: renderer, into: &page)
        }
        await scene.didRender(scope, status: Int(head.status.code))
        return Answer(status: head.status, headers: head.headers, html: page.takeBuffer())
    }

    /// `fragment` alone (no layout, no notice taken).
    func render(_ fragment: some HTMLFragment, _ scope: RequestScope, status: HTTPResponse.Status = .ok) async throws -> Answer {
        try await render(scope, status: status) { writer, renderer in fragment.write(into: &writer, renderer: renderer) }
    }

    /// What `write` writes, alone (no layout, no notice taken).
    func render(
        _ scope: RequestScope, status: HTTPResponse.Status = .ok, _ write: (inout HTMLWriter, TemplateRenderer) -> Void
    ) async throws -> Answer {
        let renderer = try await site.renderer(for: scope)
        var writer = HTMLWriter()
        write(&writer, renderer)
        return Answer(status: status, html: writer.takeBuffer())
    }

    // MARK: - Around the steps

    /// A visitor's page kept from an earlier request (``ReuseLayer/pageKey(_:_:)``), as fresh
    /// as this request's start. The scene parses and records the view (``Scene/didRender(_:status:)``);
    /// nothing is loaded or rendered.
    private func answerKept(_ page: CachedPage, _ scope: RequestScope) async throws -> Answer {
        let scene = plan.sceneType.init()
        try scene.parseParameters(scope)
        RequestLog.current?.setPageKept()
        await scene.didRender(scope, status: 200)
        return page.answer(liveSince: scope.reuseStart?.generation ?? 0)
    }

    /// The scope of `request`.
    private func makeScope(_ request: Request, _ context: TesseraRequestContext) throws -> RequestScope {
        let query = try PercentDecoding.pairs(Substring(request.uri.query ?? ""))
        var pathPairs: [(String, String)] = []
        for (name, value) in context.parameters where name != Self.componentParameter {
            pathPairs.append((String(name), try PercentDecoding.decode(value, plusIsSpace: false)))
        }
        var session = context.session ?? Session(id: "", userID: nil, csrfToken: "")
        if let reads = context.renderedReads {
            // A live stream's render: compared and shared before it is sent (TokenHoles).
            session = session.withTokenHoles()
            reads.viewer = session.userID
        }
        return RequestScope(
            request: request, path: Parameters(pathPairs, origin: .path),
            query: Parameters(query, origin: .query, reads: context.renderedReads),
            form: .none, files: [], site: site, database: site.database.counting(into: QueryCounter()),
            session: session, wantsFragment: request.headers[Self.fragmentHeader] != nil,
            peer: context.remoteAddress.map { .socket($0) } ?? .text(nil))
    }

    // MARK: - Policies

    /// What `policy` says of `scope`'s viewer with `subjects` at hand; a scene with no policy
    /// (start-up refuses one, so only a site made without its checks has it) lets no one in.
    private func decide(_ policy: Policy?, _ scope: RequestScope, subjects: [Any]) async throws -> PolicyDecision {
        guard let policy else { return .denied(.forbidden) }
        return try await policy.decide(for: scope, subjects: subjects)
    }

    /// The answer to a viewer `refusal` turns away: a visitor's page asks them to sign in and come
    /// back; otherwise a `403`, or a `404` for a record they do not own.
    private func refuse(_ refusal: PolicyDecision.Refusal, _ mode: Mode, _ scope: RequestScope) throws -> Answer {
        let acts = if case .action = mode { true } else { false }
        switch refusal {
        case .signIn:
            guard case .page = mode else { throw RequestError.forbidden(acts ? "Sign in to do that." : "Sign in to see this.") }
            return try signInRedirect(scope)
        case .forbidden:
            throw RequestError.forbidden(acts ? "You may not do that." : "You may not see this page.")
        case .notFound:
            throw RequestError.notFound()
        }
    }

    /// For a members-only page and a visitor: to the sign-in page, coming back here.
    private func signInRedirect(_ scope: RequestScope) throws -> Answer {
        guard let signIn = site.configuration.signInPath else { throw RequestError.forbidden("Sign in to see this page.") }
        var back = scope.request.uri.path
        if let query = scope.request.uri.query, !query.isEmpty { back += "?" + query }
        return Answer(location: signIn + URLQuery.encode([("next", back)]))
    }
}
