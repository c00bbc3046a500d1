// MARK: - ComponentLoader

/// Loads placed components into ``LoadedComponent`` values: a scene's own concurrently, then
/// the children they placed, level by level, one batch per type; and finds a component (or a
/// child) by id.
enum ComponentLoader {
    // MARK: - Loading

    /// Loads `placed` and the children they place. Lazy ones are left unloaded (their
    /// placeholder) when `deferringLazy`. When `scope` has a reuse start
    /// (``RequestScope/reuseStart``), a component the ``ReuseLayer`` finds is not loaded.
    ///
    /// A ``RequestError`` ends the request (bad input); any other error stays in its component.
    static func load(_ placed: [PlacedComponent], _ scope: RequestScope, deferringLazy: Bool = false) async throws -> [LoadedComponent] {
        try await loadLevel(placed, scope, batched: false, deferringLazy: deferringLazy)
    }

    /// One component, before its children load.
    private struct Step {
        var state: LoadedComponent.State
        var query: [(String, String)] = []
        var children: [PlacedComponent] = []
        var figures = LoadFigures()
        var keep: FragmentCache.Pending?
    }

    /// One level: each component reused or loaded (the scene's concurrently, children in
    /// batches per type), then all their children as the next level, handed back in order.
    private static func loadLevel(_ placed: [PlacedComponent], _ scope: RequestScope, batched: Bool, deferringLazy: Bool)
        async throws -> [LoadedComponent]
    {
        guard !placed.isEmpty else { return [] }
        var steps: [Step?] = Array(repeating: nil, count: placed.count)
        var loading: [(index: Int, keep: FragmentCache.Pending?)] = []
        for (index, component) in placed.enumerated() {
            if deferringLazy, component.isLazy {
                steps[index] = Step(state: .deferred)
                continue
            }
            guard let start = scope.reuseStart else {
                loading.append((index, nil))
                continue
            }
            switch await ReuseLayer.lookup(component, from: start, scope) {
            case .reused(let fragment, let children): steps[index] = Step(state: .reused(fragment), children: children)
            case .load(let keep): loading.append((index, keep))
            }
        }
        let components = loading.map { placed[$0.index] }
        let outcomes = try await batched ? loadBatches(components, scope) : loadConcurrently(components, scope)
        for ((index, keep), outcome) in zip(loading, outcomes) {
            let component = placed[index]
            switch outcome.result {
            case .success(let model):
                let children = component.placing(outcome.children, query: outcome.query)
                // What the fragment shows came from its own reads and what its scene read (a
                // child's: everything read before it, its parent's reads included).
                var keep = keep
                keep?.reads = batched ? scope.database.counter.reads : scope.database.counter.ownReads.union(outcome.reads)
                steps[index] = Step(state: .loaded(model), query: outcome.query, children: children, figures: outcome.figures, keep: keep)
            case .failure(let error):
                steps[index] = Step(state: .failed(error), figures: outcome.figures)
            }
        }
        let done = steps.map { $0! }
        var children = try await loadLevel(done.flatMap(\.children), scope, batched: true, deferringLazy: false)[...]
        let showsFigures = scope.site.configuration.isDevelopment
        return zip(placed, done).map { component, step in
            defer { children = children.dropFirst(step.children.count) }
            return LoadedComponent(
                placed: component, state: step.state, query: step.query, children: Array(children.prefix(step.children.count)),
                figures: showsFigures ? step.figures : nil, keep: step.keep,
                liveSince: component.liveSince(scope))
        }
    }

    /// Loads `components` concurrently: each but the first in a child task, the first in this
    /// task meanwhile (so a page of one component starts no task, and no page waits for a thread
    /// to pick up work it could do itself).
    private static func loadConcurrently(_ components: [PlacedComponent], _ scope: RequestScope) async throws -> [LoadOutcome] {
        guard let first = components.first else { return [] }
        guard components.count > 1 else { return [try await loadOne(first, scope)] }
        return try await withThrowingTaskGroup(of: (Int, LoadOutcome).self) { group in
            for (index, component) in components.enumerated().dropFirst() {
                group.addTask { (index, try await loadOne(component, scope)) }
            }
            var outcomes: [LoadOutcome?] = Array(repeating: nil, count: components.count)
            outcomes[0] = try await loadOne(first, scope)
            for try await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes.map { $0! }
        }
    }

    /// Loads `components` one batch per type (``Component/load(batch:)``), in the order the
    /// types first appear; the outcomes in `components`' order.
    private static func loadBatches(_ components: [PlacedComponent], _ scope: RequestScope) async throws -> [LoadOutcome] {
        var groups: [[Int]] = []
        for (index, component) in components.enumerated() {
            if let group = groups.firstIndex(where: { ObjectIdentifier(components[$0[0]].type) == ObjectIdentifier(component.type) }) {
                groups[group].append(index)
            } else {
                groups.append([index])
            }
        }
        var outcomes: [LoadOutcome?] = Array(repeating: nil, count: components.count)
        for group in groups {
            let batch = group.map { components[$0] }
            for (index, outcome) in zip(group, try await loadBatch(batch[0].type, batch, scope)) { outcomes[index] = outcome }
        }
        return outcomes.map { $0! }
    }

    // MARK: - One component, one batch

    /// What loading one component (or one of a batch) produced: its model or its error, the
    /// query its URL carries for that model, its figures, and the children its `load` placed.
    struct LoadOutcome: Sendable {
        let result: Result<any ViewModel & Sendable, any Error>
        var query: [(String, String)] = []
        let figures: LoadFigures
        var children: [(id: String, component: any Component)] = []
        /// The tables it read.
        var reads = TableSet.all
    }

    /// Loads `placed` with its own query counter, timing it for the request log, in a span of
    /// its own when the site traces.
    static func loadOne(_ placed: PlacedComponent, _ scope: RequestScope) async throws -> LoadOutcome {
        guard let tracing = scope.site.telemetry?.tracing else { return try await loadOneUntraced(placed, scope) }
        return try await tracing.span("load " + placed.type.componentName, attributes: ["tessera.component": "\(placed.type.componentName)"]) { _ in
            try await loadOneUntraced(placed, scope)
        }
    }

    /// ``loadOne(_:_:)`` without its span.
    private static func loadOneUntraced(_ placed: PlacedComponent, _ scope: RequestScope) async throws -> LoadOutcome {
        let own = scope.forComponent().seenBy(placed.type.caching)
        let start = ContinuousClock.now
        let result: Result<any ViewModel & Sendable, any Error>
        var query: [(String, String)] = []
        var children: [(id: String, component: any Component)] = []
        do {
            (result, query, children) = try await loadModel(placed.component, placed, own)
        } catch let error as RequestError {
            throw error
        } catch {
            result = .failure(error)
            scope.site.logger.error("component \(placed.id) failed to load: \(error)")
        }
        let figures = LoadFigures(queries: own.database.counter.value, duration: ContinuousClock.now - start)
        RequestLog.current?.add(component: placed.id, duration: figures.duration, queries: figures.queries)
        RequestLog.current?.setTotalQueries(scope.database.counter.value)
        return LoadOutcome(result: result, query: query, figures: figures, children: children, reads: own.database.counter.reads)
    }

    /// `component`'s model, loaded where `placed` stands in `request`, the query its URL
    /// carries for it, and the children it placed.
    private static func loadModel<C: Component>(_ component: C, _ placed: PlacedComponent, _ request: RequestScope)
        async throws -> (Result<any ViewModel & Sendable, any Error>, [(String, String)], [(id: String, component: any Component)])
    {
        let scope = ComponentScope(placed, request: request, component: component)
        let model = try await component.load(scope)
        scope.placeCellChildren(of: model)
        return (.success(model), component.fragmentQuery(for: model), scope.children)
    }

    /// Loads `placed` (components of type `C`) in one batch. The batch's statements are counted
    /// on its first component; an error other than a ``RequestError`` shows in each.
    private static func loadBatch<C: Component>(_ type: C.Type, _ placed: [PlacedComponent], _ scope: RequestScope)
        async throws -> [LoadOutcome]
    {
        guard let tracing = scope.site.telemetry?.tracing else { return try await loadBatchUntraced(type, placed, scope) }
        return try await tracing.span("load " + C.componentName + "×\(placed.count)", attributes: ["tessera.component": "\(C.componentName)"]) { _ in
            try await loadBatchUntraced(type, placed, scope)
        }
    }

    /// ``loadBatch(_:_:_:)`` without its span.
    private static func loadBatchUntraced<C: Component>(_ type: C.Type, _ placed: [PlacedComponent], _ scope: RequestScope)
        async throws -> [LoadOutcome]
    {
        let own = scope.forComponent().seenBy(C.caching)
        let batch = placed.compactMap { placed in
            (placed.component as? C).map { (component: $0, scope: ComponentScope<C>(placed, request: own, component: $0)) }
        }
        let start = ContinuousClock.now
        let results: [Result<any ViewModel & Sendable, any Error>]
        var queries: [[(String, String)]] = batch.map { _ in [] }
        do {
            let models = try await C.load(batch: batch)
            guard models.count == batch.count else { throw BatchMismatch(type: "\(C.self)", expected: batch.count, got: models.count) }
            for (model, member) in zip(models, batch) { member.scope.placeCellChildren(of: model) }
            queries = zip(models, batch).map { model, member in member.component.fragmentQuery(for: model) }
            results = models.map { .success($0) }
        } catch let error as RequestError {
            throw error
        } catch {
            results = batch.map { _ in .failure(error) }
            scope.site.logger.error("\(C.self) children failed to load: \(error)")
        }
        let (duration, statements) = (ContinuousClock.now - start, own.database.counter.value)
        // One entry for the batch (say `like-button×10`): a page of children is one line's worth.
        RequestLog.current?.add(component: "\(C.componentName)×\(placed.count)", duration: duration, queries: statements)
        RequestLog.current?.setTotalQueries(scope.database.counter.value)
        return zip(results, batch).enumerated().map { index, pair in
            LoadOutcome(
                result: pair.0, query: queries[index], figures: LoadFigures(queries: index == 0 ? statements : 0, duration: duration),
                children: pair.1.scope.children)
        }
    }

    /// A batch load that returned a different number of models than it was given components.
    struct BatchMismatch: Error, CustomStringConvertible {
        let type: String
        let expected: Int
        let got: Int
        var description: String { "\(type).load(batch:) returned \(got) models for \(expected) components" }
    }

    // MARK: - Finding one

    /// The component `id` among `placed`: one a scene placed, or a child that its parent places
    /// for this request, or nil (a 404).
    ///
    /// A child is never made from its id alone: its parent (and the parent's parent, for a
    /// grandchild) loads for this viewer, with the query the child's URL carries
    /// (``ComponentScope/parentQuery``), and the child is the one it placed under that id. So a
    /// child answers alone (its fragment, its actions) exactly when its page would show it to
    /// this viewer: whatever the parent's `load` decides holds for its children without their
    /// repeating it. A parent that fails to load fails the request.
    ///
    /// On a `GET` (a reuse start), a parent whose fragment is kept and fresh for this viewer and
    /// query is not loaded: its kept fragment holds the children it placed.
    static func resolve(_ id: String, in placed: [PlacedComponent], _ scope: RequestScope) async throws -> PlacedComponent? {
        if let found = placed.first(where: { $0.id == id }) { return found }
        for parent in placed where holdsChild(id, parent) {
            if let start = scope.reuseStart, case .reused(_, let children) = await ReuseLayer.lookup(parent, from: start, scope) {
                if let child = try await resolve(id, in: children, scope) { return child }
                continue
            }
            let outcome = try await loadOne(parent, scope)
            _ = try outcome.result.get()  // a parent that failed fails the request
            if let child = try await resolve(id, in: parent.placing(outcome.children, query: outcome.query), scope) { return child }
        }
        return nil
    }

    /// `child` made again from its parent in `placed` (a scene's components placed anew), slot
    /// by slot down from it, without loading any: what an action's answer shows of its acting
    /// child after the write, which its parent's load vouched for before it. Nil when no
    /// component of `placed` makes it any more.
    static func remake(_ child: PlacedComponent, in placed: [PlacedComponent]) -> PlacedComponent? {
        for parent in placed where holdsChild(child.id, parent) {
            guard let component = remade(child.id, from: parent.component, parentID: parent.id) else { continue }
            return PlacedComponent(
                component: component, id: child.id, sceneURL: child.sceneURL, parentQuery: child.parentQuery, isChild: true, row: child.row)
        }
        return nil
    }

    /// The descendant `id` of `parent` (whose id is `parentID`), made through its slots.
    private static func remade(_ id: String, from parent: any Component, parentID: String) -> (any Component)? {
        let rest = id.dropFirst(parentID.count + 1)
        for slot in type(of: parent).children.compactMap({ $0 as? any CellChildDeclaration }) where rest.hasPrefix(slot.name + "-") {
            let keyed = rest.dropFirst(slot.name.count + 1)
            // The key runs to the end of the id, or to a `-` where a child of the child begins.
            let ends = keyed.indices.filter { keyed[$0] == "-" } + [keyed.endIndex]
            for end in ends {
                guard let (childID, child) = slot.child(keyed: keyed[..<end], parent: parent, parentID: parentID) else { continue }
                if childID == id { return child }
                if id.hasPrefix(childID + "-"), let deeper = remade(id, from: child, parentID: childID) { return deeper }
            }
        }
        return nil
    }

    /// Whether `id` names a child (or a child's child) of one of `parent`'s kinds:
    /// `<parent id>-<kind>-<key…>`.
    private static func holdsChild(_ id: String, _ parent: PlacedComponent) -> Bool {
        guard id.hasPrefix(parent.id + "-") else { return false }
        let rest = id.dropFirst(parent.id.count + 1)
        return parent.type.children.contains { rest.hasPrefix($0.name + "-") }
    }
}
