import Synchronization

// MARK: - FragmentCache+Pages

/// Visitors' whole pages (``Scene/reusesVisitorPages``), kept on a shelf of their own under the
/// fragments' rule: valid while no table they read changed since their request began.
extension FragmentCache {
    /// The page kept for `key` (a scene's type, URL and query), if it is still valid now.
    func page(for key: Key) -> CachedPage? {
        let current = versions()
        let kept = pages.withLock { $0.value(for: key, versions: current)?.0 }
        if kept == nil { pagesRendered.add(1, ordering: .relaxed) } else { pagesServed.add(1, ordering: .relaxed) }
        return kept
    }

    /// Keeps `page` for `key`, labelled with its request's `start` and the tables it read, unless
    /// one of them changed since that start.
    func store(_ page: CachedPage, for key: Key, reads tables: TableSet, from start: Start) {
        keep(page, cost: page.body.readableBytes, for: key, reads: tables, on: pages, from: start)
    }

    /// Logs, once per scene type, that `sceneType` allows its visitors' pages to be reused but
    /// `component` on it does not allow its fragment to be: those pages render every time.
    func refusePage(of sceneType: Scene.Type, for component: any Component.Type) {
        guard refused.withLock({ $0.insert(ObjectIdentifier(sceneType)).inserted }) else { return }
        logger.error(
            "\(sceneType) reuses visitors' pages (reusesVisitorPages), but its component \(component) does not allow reuse (caching): its pages are rendered on every request")
    }

    /// How many visitors' page lookups were answered from a kept page, and how many rendered
    /// it, since the cache was made (for the reuse benchmark).
    var pageLookups: (served: Int, rendered: Int) {
        (pagesServed.load(ordering: .relaxed), pagesRendered.load(ordering: .relaxed))
    }
}
