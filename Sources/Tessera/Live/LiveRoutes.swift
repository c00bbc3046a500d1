import Synchronization

// MARK: - LiveRoutes

/// What a live stream may follow: the fragment URLs of the live components (``Component/live``)
/// the app's scenes place, their own and their children's, read from the same `ScenePlan`s
/// the router mounts.
///
/// `resolve(_:)` takes a URL a stream was asked to follow and answers which scene's fragment
/// route and which live component it names, or nil: a page, a stream, a static file, a
/// component that is not live, an unknown route. It also gives the URL's key: its path and the
/// query items the component's renders were seen to read (`RenderedReads`), so URLs that
/// differ only in items nothing reads, or in Tessera's own (`_component`, `_csrf`, `_once`),
/// are one render.
public final class LiveRoutes: Sendable {
    /// A URL a stream may follow, resolved.
    struct Resolved: Sendable {
        /// The route and component pattern it matched: whose renders teach which names count.
        let route: String
        /// Its path.
        let path: String
        /// Its query's items, Tessera's own left out, in the order given.
        let items: [(String, String)]
    }

    /// What a resolved URL renders as: the URL (its path and the items that count, in the order
    /// given) and its key (the route, the path and those items by name: one render per key).
    struct Rendering: Sendable, Equatable {
        let url: String
        let key: String
    }

    /// One scene's fragment route and the live components it answers.
    private struct Route: Sendable {
        /// The fragment path's segments before the component's id: nil for a parameter.
        let segments: [String?]
        /// The live components it answers, each with its key: `<scene path> <pattern>`, made
        /// once here so every stream's ``Resolved/route`` shares one copy.
        let components: [(pattern: ComponentPattern, key: String)]
    }

    /// The ids of one live component: a slot's id, or a child's (its parent's id, the child's
    /// name, any key: `feed-like-12`).
    struct ComponentPattern: Sendable, Equatable {
        /// The literal parts, each after the previous one's key; the first starts the id.
        let parts: [String]
        /// Whether the id ends with a key after the last part (a child), or with the part (a slot).
        let endsWithKey: Bool

        /// Whether `id` is one of its ids.
        func matches(_ id: Substring) -> Bool {
            Self.matches(id, parts[...], endsWithKey: endsWithKey)
        }

        private static func matches(_ id: Substring, _ parts: ArraySlice<String>, endsWithKey: Bool) -> Bool {
            guard let first = parts.first else { return endsWithKey ? !id.isEmpty && !id.contains("/") : id.isEmpty }
            guard id.hasPrefix(first) else { return false }
            let rest = id.dropFirst(first.count)
            let later = parts.dropFirst()
            guard let next = later.first else { return matches(rest, later, endsWithKey: endsWithKey) }
            // A key, then the next part: try every place the next part starts (keys may hold `-`).
            var search = rest.index(rest.startIndex, offsetBy: 1, limitedBy: rest.endIndex) ?? rest.endIndex
            while search < rest.endIndex, let found = rest[search...].range(of: next) {
                if matches(rest[found.lowerBound...], later, endsWithKey: endsWithKey) { return true }
                search = rest.index(after: found.lowerBound)
            }
            return false
        }

        var description: String { parts.joined(separator: "*") + (endsWithKey ? "*" : "") }
    }

    private let routes = Mutex<[Route]>([])
    /// Per route and pattern, what its renders taught.
    private let lessons = Mutex<[String: Lesson]>([:])

    /// What a route's renders taught of the query.
    private enum Lesson {
        /// Its first render runs: the others wait for it.
        case learning([CheckedContinuation<Void, Never>])
        /// The names its renders read (nil: the whole query).
        case learned(Set<String>?)
    }

    init() {}

    // MARK: - Building

    /// Adds `plan`'s live components (its own and its layout's), as the router mounts it.
    func add(_ plan: ScenePlan) {
        var patterns: [ComponentPattern] = []
        for slot in plan.composition + plan.layoutComposition {
            Self.collect(slot.type, ComponentPattern(parts: [slot.id], endsWithKey: false), into: &patterns, depth: 0)
        }
        guard !patterns.isEmpty else { return }
        let segments = Self.segments(plan.fragmentPath).dropLast().map { $0.hasPrefix(":") || $0.hasPrefix("*") ? nil : String($0) }
        let components = patterns.map { (pattern: $0, key: plan.path + " " + $0.description) }
        routes.withLock { $0.append(Route(segments: Array(segments), components: components)) }
    }

    /// The live ids among `type` at `pattern` and its children.
    private static func collect(_ type: any Component.Type, _ pattern: ComponentPattern, into patterns: inout [ComponentPattern], depth: Int) {
        if type.live { patterns.append(pattern) }
        guard depth < 4 else { return }
        for child in type.children {
            let parts = pattern.endsWithKey ? pattern.parts + ["-" + child.name + "-"] : [pattern.parts[0] + "-" + child.name + "-"]
            collect(child.childType, ComponentPattern(parts: parts, endsWithKey: true), into: &patterns, depth: depth + 1)
        }
    }

    // MARK: - Resolving

    /// The live component `url` names, with its key; nil when it names none (see the type's
    /// doc). `url` is a path and query, as a page's `data-src` holds it.
    func resolve(_ url: String) throws(RequestError) -> Resolved? {
        let (path, query) = Self.split(url)
        let segments = Self.segments(path)
        guard let id = segments.last, segments.count >= 2, segments[segments.count - 2] == "_" else { return nil }
        let scenePart = segments.dropLast(2)
        var best: (key: String, score: [Bool])?
        for route in routes.withLock({ $0 }) where route.segments.count == scenePart.count + 1 {
            var score: [Bool] = []
            var matched = true
            for (expected, given) in zip(route.segments, scenePart + ["_"]) {
                if let expected {
                    guard expected == given else { matched = false; break }
                    score.append(true)
                } else {
                    guard !given.isEmpty else { matched = false; break }
                    score.append(false)
                }
            }
            guard matched, let component = route.components.first(where: { $0.pattern.matches(id) }) else { continue }
            // Hummingbird prefers a literal segment to a parameter: so does this.
            if best == nil || score.lexicographicallyPrecedes(best!.score, by: { $0 && !$1 }) { best = (component.key, score) }
        }
        guard let (key, _) = best else { return nil }
        let items = try PercentDecoding.pairs(query).filter { !RequestPipeline.ownItems.contains($0.0) }
        // A URL without a query is its path: one string, not two.
        return Resolved(route: key, path: query.isEmpty ? url : String(path), items: items)
    }

    /// How `resolved` renders now: only the items its route's renders were seen to read count.
    /// Before any render of the route taught that, the first caller renders with every item (and
    /// must ``learn(_:for:)`` or ``forget(_:)`` after), and the others wait for it: so URLs that
    /// differ in items nothing reads are one render from the first write on.
    func rendering(_ resolved: Resolved) async -> Rendering {
        while true {
            enum Next { case render(Set<String>?), wait }
            let next = lessons.withLock { lessons -> Next in
                switch lessons[resolved.route] {
                case .none:
                    lessons[resolved.route] = .learning([])
                    return .render(nil)
                case .learned(let names): return .render(names)
                case .learning: return .wait
                }
            }
            switch next {
            case .render(let names): return rendering(resolved, reading: names)
            case .wait:
                await withCheckedContinuation { continuation in
                    let waiting = lessons.withLock { lessons -> Bool in
                        guard case .learning(var waiters) = lessons[resolved.route] else { return false }
                        waiters.append(continuation)
                        lessons[resolved.route] = .learning(waiters)
                        return true
                    }
                    if !waiting { continuation.resume() }
                }
            }
        }
    }

    /// How `resolved` renders when only the items named `names` count (nil: every item).
    func rendering(_ resolved: Resolved, reading names: Set<String>?) -> Rendering {
        let counted = names.map { names in resolved.items.filter { names.contains($0.0) } } ?? resolved.items
        let sorted = counted.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        return Rendering(url: resolved.path + URLQuery.encode(counted), key: resolved.route + "\n" + resolved.path + URLQuery.encode(sorted))
    }

    /// The names that count for `route` once a render that read `names` is learned (nil: every
    /// item), without learning it yet.
    func names(adding names: Set<String>?, for route: String) -> Set<String>? {
        guard let names else { return nil }
        switch lessons.withLock({ $0[route] }) {
        case .learned(.some(let known)): return known.union(names)
        case .learned(.none): return nil
        case .learning, .none: return names
        }
    }

    /// Notes the query names a render of `route` read (nil: the whole query).
    func learn(_ names: Set<String>?, for route: String) {
        let waiters = lessons.withLock { lessons -> [CheckedContinuation<Void, Never>] in
            switch lessons[route] {
            case .learned(.some(let known)):
                lessons[route] = .learned(names.map { known.union($0) })
                return []
            case .learned(.none): return []
            case .learning(let waiters):
                lessons[route] = .learned(names)
                return waiters
            case .none:
                lessons[route] = .learned(names)
                return []
            }
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Forgets a first render of `route` that taught nothing (it failed): the next caller renders.
    func forget(_ route: String) {
        let waiters = lessons.withLock { lessons -> [CheckedContinuation<Void, Never>] in
            guard case .learning(let waiters) = lessons[route] else { return [] }
            lessons[route] = nil
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    // MARK: - Parts of a URL

    /// The path and the query (without `?`) of `url`.
    private static func split(_ url: String) -> (Substring, Substring) {
        guard let mark = url.firstIndex(of: "?") else { return (url[...], "") }
        return (url[..<mark], url[url.index(after: mark)...])
    }

    /// The segments of `path`, empty ones dropped.
    private static func segments(_ path: some StringProtocol) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true).map { Substring($0) }
    }
}
