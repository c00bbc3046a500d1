// MARK: - ReuseLayer

/// Reuse around loading and rendering. Before a component loads, its fragment is looked up
/// (``Component/caching``); after it renders, the fragment is kept for the next requests, its
/// children's bytes cut out (they load afresh in their places). A visitor's whole page is
/// looked up before its scene parses, and kept once rendered (``Scene/reusesVisitorPages``).
/// The pipeline calls it at those edges and nowhere else.
enum ReuseLayer {
    // MARK: - Before loading

    /// What the layer found for a component about to load.
    enum Lookup {
        /// Its kept fragment, and the children whose places it holds (they load afresh).
        case reused(CachedFragment, children: [PlacedComponent])
        /// Nothing kept: it loads, and its fragment is stored at `keep` once rendered (nil when
        /// its type never reuses).
        case load(keep: FragmentCache.Pending?)
    }

    /// Looks `placed` up in `start`'s cache, under the key its type's caching gives it.
    static func lookup(_ placed: PlacedComponent, from start: FragmentCache.Start, _ scope: RequestScope) async -> Lookup {
        let caching = placed.type.caching
        guard caching != .never else { return .load(keep: nil) }
        let key = FragmentCache.Key(
            type: ObjectIdentifier(placed.type), id: placed.id, sceneURL: placed.sceneURL,
            query: scope.request.uri.query ?? "", userID: caching == .perUser ? scope.userID : nil)
        let (fragment, pending) = await start.cache.lookup(key, from: start)
        scope.site.telemetry?.metrics?.recordReuse(component: placed.type.componentName, hit: fragment != nil)
        guard let fragment else { return .load(keep: pending) }
        scope.database.counter.recordBelow(fragment.reads)
        RequestLog.current?.addReused()
        return .reused(fragment, children: fragment.children)
    }

    // MARK: - After rendering

    /// Keeps `bytes` (written from `start`, holding the children `holes` locate) as `placed`'s
    /// fragment at `pending`, or refuses it when its templates read something `personal`.
    static func keep(
        _ bytes: [UInt8], start: Int, holes: [ChildOutlets.Hole], of placed: PlacedComponent, personal: Bool,
        at pending: FragmentCache.Pending
    ) {
        guard !personal else { return pending.cache.refuse(placed.type, key: pending.key, start: pending.start, lead: pending.lead) }
        pending.cache.store(fragment(bytes, start: start, holes: holes, of: placed), for: pending)
    }

    /// `bytes` (written from `start`) without the children's bytes, which `holes` locate; the
    /// children `placed` placed, for the copies to come.
    private static func fragment(_ bytes: [UInt8], start: Int, holes: [ChildOutlets.Hole], of placed: PlacedComponent) -> CachedFragment {
        var fragment = cut(bytes, start: start, holes: holes, of: placed)
        fragment.liveSince = liveSinceValue(in: fragment.bytes)
        return fragment
    }

    /// Where the root element's `data-tessera-live-since` value lies in `bytes`, if it has one.
    static func liveSinceValue(in bytes: [UInt8]) -> Range<Int>? {
        let marker = Array(" data-tessera-live-since=\"".utf8)
        let tag = bytes.prefix { $0 != UInt8(ascii: ">") }
        guard let start = tag.indices.first(where: { tag[$0...].starts(with: marker) }) else { return nil }
        let value = start + marker.count
        guard let end = tag[value...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return value..<end
    }

    private static func cut(_ bytes: [UInt8], start: Int, holes: [ChildOutlets.Hole], of placed: PlacedComponent) -> CachedFragment {
        guard !holes.isEmpty else { return CachedFragment(bytes: bytes, holes: []) }
        var kept: [UInt8] = []
        var places: [CachedFragment.Hole] = []
        var last = 0
        for hole in holes {
            kept += bytes[last..<(hole.start - start)]
            let child = PlacedComponent(
                component: hole.component, id: hole.id, sceneURL: placed.sceneURL, parentQuery: hole.parentQuery, isChild: true,
                row: placed.row(ofChild: hole.id))
            places.append(CachedFragment.Hole(offset: kept.count, child: child))
            last = hole.end - start
        }
        kept += bytes[last...]
        return CachedFragment(bytes: kept, holes: places)
    }

    // MARK: - Pages

    /// The key of the page `scope` asks of `sceneType`, when a kept one may answer it: the scene
    /// allows it, reuse has begun, and the request is a page's from a visitor with no session
    /// and no notice waiting (so nothing on the page is theirs alone).
    static func pageKey(_ sceneType: Scene.Type, _ scope: RequestScope) -> FragmentCache.Key? {
        guard sceneType.reusesVisitorPages, scope.reuseStart != nil, !scope.session.isStored, !scope.wantsFragment,
            NoticeStore.key(in: scope.request, secure: scope.site.configuration.usesTLS) == nil
        else { return nil }
        return FragmentCache.Key(
            type: ObjectIdentifier(sceneType), id: "", sceneURL: scope.request.uri.path, query: scope.request.uri.query ?? "",
            userID: nil)
    }

    /// Keeps `answer`, the page of `sceneType` holding `components`, under `key` — when it is
    /// what any visitor would get: a `200` that sets no cookie, whose templates read no token,
    /// and whose every component allows reuse and loaded.
    static func keepPage(_ answer: Answer, of sceneType: Scene.Type, holding components: [LoadedComponent], at key: FragmentCache.Key, _ scope: RequestScope) {
        guard let start = scope.reuseStart, answer.status == .ok, answer.location == nil, let html = answer.html,
            !scope.session.privacy.isSet, !answer.headers.contains(where: { $0.name == .setCookie })
        else { return }
        switch refusal(in: components) {
        case .none:
            start.cache.store(CachedPage(headers: answer.headers, body: html), for: key, reads: scope.database.counter.reads, from: start)
        case .neverReused(let type): start.cache.refusePage(of: sceneType, for: type)
        case .failed: break
        }
    }

    /// Why a page's components keep it from being kept.
    private enum PageRefusal {
        /// A component (or child) whose type never reuses.
        case neverReused(any Component.Type)
        /// A component that failed to load: its error fragment is not what the next visitor gets.
        case failed
    }

    /// Why `components` (or their children) keep their page from being kept; nil when none does.
    private static func refusal(in components: [LoadedComponent]) -> PageRefusal? {
        for component in components {
            switch component.state {
            case .failed: return .failed
            case .deferred: continue  // its placeholder link is the same for everyone
            case .loaded, .reused: break
            }
            if component.type.caching == .never { return .neverReused(component.type) }
            if let refusal = refusal(in: component.children) { return refusal }
        }
        return nil
    }

    // MARK: - Writing

    /// Writes a reused fragment, each of its `children` in its place, and for a live component
    /// `liveSince` (the request's start) as the generation it is fresh at.
    static func write(
        _ fragment: CachedFragment, liveSince: UInt64?, children: [LoadedComponent], into writer: inout HTMLWriter,
        renderer: TemplateRenderer
    ) {
        var last = 0
        if let range = fragment.liveSince, let liveSince {
            writer.writeRaw(fragment.bytes[..<range.lowerBound])
            writer.writeTrusted(String(liveSince))
            last = range.upperBound
        }
        guard !fragment.holes.isEmpty else { return writer.writeRaw(fragment.bytes[last...]) }
        // The children loaded in the holes' order, one each (``ComponentLoader``).
        let inOrder = children.count == fragment.holes.count
        for (index, hole) in fragment.holes.enumerated() {
            writer.writeRaw(fragment.bytes[last..<hole.offset])
            let child = inOrder && children[index].placed === hole.child ? children[index] : children.first { $0.placed === hole.child }
            child?.write(into: &writer, renderer: renderer)
            last = hole.offset
        }
        writer.writeRaw(fragment.bytes[last...])
    }
}
