import HTTPTypes
import Hummingbird

// MARK: - Actions

/// The steps of an action that a page or a fragment never takes: finding the acting component,
/// recording the action, and building the answer from its result.
extension RequestPipeline {
    // MARK: - The acting component

    /// The component an action is for: the child its URL names (`_component`), which its page
    /// must show this viewer, or else the scene's first component of the action's type.
    func actingComponent(_ action: ScenePlan.PlannedAction, in placed: [PlacedComponent], _ scope: RequestScope)
        async throws -> PlacedComponent
    {
        let type = ObjectIdentifier(action.componentType)
        if let name = scope.query[Self.componentField] ?? scope.form[Self.componentField] {
            guard let named = try await ComponentLoader.resolve(name, in: placed, scope), ObjectIdentifier(named.type) == type
            else { throw RequestError.notFound() }
            return named
        }
        guard let first = placed.first(where: { ObjectIdentifier($0.type) == type }) else { throw RequestError.notFound() }
        return first
    }

    // MARK: - An action's answer

    /// The answer to an action's `result`. The acting component shows the model its handler
    /// gave, or loads again; the components whose types the result names
    /// (``ActionResult/updating(_:)``) are made anew after the scene's ``Scene/loadData(_:)``
    /// runs again, and load — `inPlace`, as fragments for the client script. Otherwise (a plain
    /// post, or a script's post from a page that does not show the acting component) a success
    /// goes back to the scene's page as the form showed it (``returnURL(sceneURL:_:)``), and a refusal gets the whole page, the other components loaded
    /// (marked ``pageHeader`` for the script).
    func answer(
        _ result: AnyActionResult, of acting: PlacedComponent, in scene: Scene, _ placed: [PlacedComponent], _ scope: RequestScope,
        inPlace: Bool
    ) async throws -> Answer {
        let status: HTTPResponse.Status
        switch result.outcome {
        case .redirect(let target): return Answer(location: RedirectTarget.local(target) ?? "/")  // never off the site
        case .done where !inPlace: return Answer(location: Self.returnURL(sceneURL: scene.url(scope), scope))
        case .done: status = .ok
        case .invalid: status = .badRequest
        }
        guard inPlace else {
            let components = try await showing(result.model, as: acting, among: placed, scope, deferringLazy: true)
            var page = try await renderPage(scene, components, scope, status: status)
            if scope.wantsFragment { page.headers[Self.pageHeader] = "1" }
            return page
        }
        var targets = [acting] + placed.filter { component in
            component.id != acting.id && result.updates.contains { ObjectIdentifier($0) == ObjectIdentifier(component.type) }
        }
        if result.model == nil || targets.count > 1 {
            // What the action wrote: the scene reads again, and the components it names are made
            // anew; an acting child from its parent's slot, the parent not loaded again.
            try await scene.loadData(scope)
            let again = place(scene, scope, inLayout: scene.layout != nil)
            var found: [PlacedComponent] = []
            for target in targets {
                let component = target.isChild ? ComponentLoader.remake(target, in: again) : try await ComponentLoader.resolve(target.id, in: again, scope)
                if let component { found.append(component) }
            }
            targets = found
        }
        let acknowledgedAt = try await freshGenerationForStream(scope)
        let components = try await showing(result.model, as: acting, among: targets, scope)
        // The tab's stream is told what the answer holds of each live component (its bytes'
        // digest), so it does not send the same again.
        // Rendered with its tokens as holes, so the digests are the stream's own (TokenHoles).
        var copies: [(url: String, copy: LiveInboxes.Copy)] = []
        let rendering = acknowledgedAt == nil ? scope : scope.seen(as: scope.session.withTokenHoles())
        var answer = try await render(rendering, status: status) { writer, renderer in
            for component in components {
                let start = writer.byteCount
                component.write(into: &writer, renderer: renderer)
                if let acknowledgedAt, component.liveSince != nil {
                    let digest = LiveStream.digest(of: writer.bytes(from: start))
                    copies.append((url: component.fragmentURL, copy: LiveInboxes.Copy(generation: acknowledgedAt, digest: digest)))
                }
            }
            if let notice = result.notice { renderer.render(BuiltInTemplates.notice, NoticeRegion(notice: notice), into: &writer) }
        }
        if acknowledgedAt != nil, let html = answer.html { answer.html = TokenHoles.fill(html, csrfToken: scope.session.csrfToken) }
        if let stream = scope.request.headers[LiveStream.streamHeader], !copies.isEmpty {
            site.liveHub.inboxes.acknowledge(copies, to: stream, for: scope.session.id)
        }
        if let focus = result.focus { answer.headers[Self.focusHeader] = focus }
        return answer
    }

    /// Where a plain post that succeeded goes: the page its form was on (``backField``), query
    /// and all (a filter, a page of a list), when that is this scene's page; else the scene's
    /// page. A form shown on another page (a confirmation page of its own) returns to the
    /// scene's page: what it showed may be gone.
    static func returnURL(sceneURL: String, _ scope: RequestScope) -> String {
        guard let back = backURL(of: scope) else { return sceneURL }
        let path = back.firstIndex { $0 == "?" || $0 == "#" }.map { String(back[..<$0]) } ?? back
        return path == sceneURL ? back : sceneURL
    }

    /// When the tab names its open live stream (`LiveStream.streamHeader`): the generation its
    /// answer's components are at least as fresh as (looked at after the action's writes, before
    /// they load again), so the stream does not send them again. Nil otherwise.
    private func freshGenerationForStream(_ scope: RequestScope) async throws -> UInt64? {
        guard let stream = scope.request.headers[LiveStream.streamHeader],
            site.liveHub.inboxes.isOpen(stream, for: scope.session.id)
        else { return nil }
        try await site.database.refreshFromOtherConnections()
        return site.database.currentGeneration
    }

    /// `components` loaded, except the acting one when its handler showed `model`: it shows that.
    private func showing(
        _ model: (any ViewModel & Sendable)?, as acting: PlacedComponent, among components: [PlacedComponent], _ scope: RequestScope,
        deferringLazy: Bool = false
    ) async throws -> [LoadedComponent] {
        guard let model else { return try await ComponentLoader.load(components, scope, deferringLazy: deferringLazy) }
        var loaded = try await ComponentLoader.load(components.filter { $0.id != acting.id }, scope, deferringLazy: deferringLazy)[...]
        return components.map { component in
            guard component.id != acting.id else {
                return LoadedComponent(
                    placed: component, state: .loaded(model), query: component.modelQuery(for: model), liveSince: component.liveSince(scope))
            }
            defer { loaded = loaded.dropFirst() }
            return loaded.first!
        }
    }

    // MARK: - Analytics and placement

    /// Records the action's analytics event, as its component words it.
    func record(_ result: AnyActionResult, of action: ScenePlan.PlannedAction, _ acting: PlacedComponent, _ scope: RequestScope)
        async
    {
        let status = result.outcome == .invalid ? 400 : 200
        var proposed = AnalyticsEvent(
            kind: .action, name: acting.type.componentName + "." + action.entry.name, path: scope.request.uri.path, status: status)
        if let detail = result.analyticsDetail { proposed.detail = detail }
        if let event = acting.component.analyticsEvent(forAction: action.entry.name, proposed: proposed) { await site.record(event) }
    }

    /// Whether the page a script posted from, whose form sits in the component with id `target`
    /// (nil: unknown), shows what `acting` answers with: that component, or another of its scene.
    static func isShown(_ target: String?, with acting: PlacedComponent, among placed: [PlacedComponent]) -> Bool {
        guard let target else { return true }
        return target == acting.id || placed.contains { $0.id == target }
    }
}
