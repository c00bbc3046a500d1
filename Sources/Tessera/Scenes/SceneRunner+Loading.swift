// MARK: - Loading

/// How a scene runner loads components: the composition's concurrently (or from reused
/// fragments), then the children they placed, one batch per type and level; and how it finds a
/// component (or a child) by id.
extension SceneRunner {
    // MARK: - Components

    /// Loads `components` concurrently: each but the first in a child task, the first in this
    /// task meanwhile (so a page of one component starts no task, and no page waits for a thread
    /// to pick up work it could do itself). A ``RequestError`` ends the request (bad input); any
    /// other error stays in its component. Each task gets the component (a `Sendable` value) and
    /// hands back its model; the mounted components are only touched here.
    ///
    /// When `scope` has a reuse start (``RequestScope/reuseStart``: a `GET`'s page or fragment,
    /// taken before its scene read), a component that allows it (``Component/caching``) and has a
    /// valid fragment there is not loaded: it writes that fragment. Only the others start tasks.
    static func load(_ components: [MountedComponent], _ scope: RequestScope) async throws {
        try await loadEach(components, scope, reusing: scope.reuseStart)
        try await loadChildren(of: components, scope, reusing: scope.reuseStart)
    }

    /// ``load(_:_:)``'s first part: `components` themselves, concurrently.
    fileprivate static func loadEach(_ components: [MountedComponent], _ scope: RequestScope, reusing start: FragmentCache.Start?)
        async throws
    {
        let components = start.map { start in components.filter { !reuse($0, from: start, scope) } } ?? components
        guard let first = components.first else { return }
        let isDevelopment = scope.site.configuration.isDevelopment
        for component in components { component.showsDevFigures = isDevelopment }
        guard components.count > 1 else { return first.take(try await loadOne(first.component, first.place(in: scope))) }
        try await withThrowingTaskGroup(of: (Int, LoadOutcome).self) { group in
            for (index, component) in components.enumerated().dropFirst() {
                let (made, place) = (component.component, component.place(in: scope))
                group.addTask { (index, try await loadOne(made, place)) }
            }
            first.take(try await loadOne(first.component, first.place(in: scope)))
            for try await (index, outcome) in group { components[index].take(outcome) }
        }
    }

    /// Whether `component` found its fragment in `start`'s cache (then it is set to be written as it
    /// is); otherwise it is set to store the fragment it renders, if its type allows reuse.
    fileprivate static func reuse(_ component: MountedComponent, from start: FragmentCache.Start, _ scope: RequestScope) -> Bool {
        let caching = component.type.caching
        guard caching != .never else { return false }
        let key = FragmentCache.Key(
            type: ObjectIdentifier(component.type), id: component.id, sceneURL: component.sceneURL,
            query: scope.request.uri.query ?? "", userID: caching == .perUser ? scope.userID : nil)
        let (fragment, pending) = start.cache.lookup(key, from: start)
        component.pendingFragment = pending
        guard let fragment else { return false }
        component.reuse(fragment)
        RequestLog.current?.add(component: component.id, duration: .zero, queries: 0)
        return true
    }

    /// Loads one component in `place` with its own query counter, timing it for the request log.
    fileprivate static func loadOne(_ component: any Component, _ place: ComponentPlace) async throws -> LoadOutcome {
        let (scope, id) = (place.request, place.id)
        let own = scope.forComponent().seenBy(type(of: component).caching)
        let start = ContinuousClock.now
        let result: Result<any ViewModel & Sendable, any Error>
        var children: [(id: String, component: any Component)] = []
        do {
            (result, children) = try await loadModel(
                component, ComponentPlace(request: own, id: id, sceneURL: place.sceneURL, parentQuery: place.parentQuery, isChild: place.isChild))
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
    fileprivate static func loadModel<C: Component>(_ component: C, _ place: ComponentPlace)
        async throws -> (Result<any ViewModel & Sendable, any Error>, [(id: String, component: any Component)])
    {
        let scope = ComponentScope(place, component: component)
        return (.success(try await component.load(scope)), scope.children)
    }

    // MARK: - Children

    /// Loads the children `parents` placed (and theirs, level by level): those whose fragment is
    /// reused are not loaded; the others load one batch per type (``Component/load(batch:)``),
    /// in the order the types first appear.
    fileprivate static func loadChildren(of parents: [MountedComponent], _ scope: RequestScope, reusing start: FragmentCache.Start?)
        async throws
    {
        let children = parents.flatMap(\.children)
        guard !children.isEmpty else { return }
        let isDevelopment = scope.site.configuration.isDevelopment
        for child in children { child.showsDevFigures = isDevelopment }
        let loading = start.map { start in children.filter { !reuse($0, from: start, scope) } } ?? children
        var groups: [[MountedComponent]] = []
        for child in loading {
            if let index = groups.firstIndex(where: { same($0[0].type, child.type) }) {
                groups[index].append(child)
            } else {
                groups.append([child])
            }
        }
        for group in groups {
            let outcomes = try await loadBatch(group[0].type, group.map { ($0.component, $0.place(in: scope)) }, scope)
            for (child, outcome) in zip(group, outcomes) { child.take(outcome) }
        }
        try await loadChildren(of: children, scope, reusing: start)
    }

    /// Loads `items` (components of type `C`, each in its place) in one batch. The batch's
    /// statements are counted on its first component; an error other than a ``RequestError``
    /// shows in each.
    fileprivate static func loadBatch<C: Component>(
        _ type: C.Type, _ items: [(component: any Component, place: ComponentPlace)], _ scope: RequestScope
    ) async throws -> [LoadOutcome] {
        let own = scope.forComponent().seenBy(C.caching)
        let batch = items.compactMap { item in
            (item.component as? C).map { component in
                let place = ComponentPlace(
                    request: own, id: item.place.id, sceneURL: item.place.sceneURL, parentQuery: item.place.parentQuery, isChild: item.place.isChild)
                return (component: component, scope: ComponentScope<C>(place, component: component))
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

    /// The component `id` among a scene's `components`: one its composition made, or a child
    /// that its parent places for this request, or nil (a 404).
    ///
    /// A child is never made from its id alone: its parent (and the parent's parent, for a
    /// grandchild) loads for this viewer, with the query the child's URL carries
    /// (``ComponentScope/parentQuery``), and the child is the one it placed under that id. So a
    /// child answers alone (its fragment, its actions) exactly when its page would show it to
    /// this viewer: whatever the parent's `load` decides — a trashed post it does not list, an
    /// owner-only branch — holds for its children without their repeating it. A parent that
    /// fails to load fails the request.
    static func resolve(_ id: String, in components: [MountedComponent], _ scope: RequestScope) async throws -> MountedComponent? {
        if let found = components.first(where: { $0.id == id }) { return found }
        for parent in components where holdsChild(id, parent) {
            let outcome = try await loadOne(parent.component, parent.place(in: scope))
            if case .failure(let error) = outcome.result { throw error }
            parent.take(outcome)
            if let child = try await resolve(id, in: parent.children, scope) { return child }
        }
        return nil
    }

    /// Whether `id` names a child (or a child's child) of one of `parent`'s kinds:
    /// `<parent id>-<kind>-<key…>`.
    private static func holdsChild(_ id: String, _ parent: MountedComponent) -> Bool {
        guard id.hasPrefix(parent.id + "-") else { return false }
        let rest = id.dropFirst(parent.id.count + 1)
        return parent.type.children.contains { rest.hasPrefix($0.name + "-") }
    }
}
