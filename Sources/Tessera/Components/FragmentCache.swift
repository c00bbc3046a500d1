import Logging
import Synchronization

// MARK: - FragmentCache

/// The rendered fragments of components that allow it (``FragmentCaching``) and visitors' pages
/// of scenes that allow it (``Scene/reusesVisitorPages``), each bounded in bytes, and the
/// values of reads that allow it (``ReusableRead``), bounded in number.
///
/// An entry is valid while no table it read (`TableSet`, noted by the statements that read it)
/// changed after the generation read before its request's scene read anything (``Start``):
/// `DataVersions`, raised by any process's write to an app table, not by Tessera's
/// bookkeeping. So a fragment lasts until its data changes, however long that is. Stale
/// entries are dropped at the next store after a change; when a shelf would pass its limit, the
/// oldest half goes (``KeptValues``).
///
/// A fragment is rendered once however many requests want it at once: the first to miss leads
/// (``Lead``), the others wait for its fragment and take it if it was rendered from the same
/// generation as their own start (a burst after a write, or every open page's live stream,
/// costs one render), unless one of the tables the fragment read changed in between. A waiter
/// whose leader gives up (a failed load, a personal read, a request
/// that ended) or takes longer than ``leadWait`` loads on its own.
final class FragmentCache: Sendable {
    // MARK: - Keys and entries

    /// What a fragment is reused for: the component's type and id, the scene's URL, the
    /// request's query string and, for ``FragmentCaching/perUser``, the member (nil: a visitor).
    struct Key: Hashable, Sendable {
        let type: ObjectIdentifier
        let id: String
        let sceneURL: String
        let query: String
        let userID: Int64?
    }

    /// Where a request's reuse starts: the generation read before its scene read anything
    /// (``begin()``). A component's fragment may show what its scene read before the
    /// component itself loaded (a count handed to it), so what a request stores is labelled with
    /// these, not with what holds when the component loads: a write that lands between the
    /// scene's read and the component's load then keeps the fragment from being stored.
    struct Start: Sendable {
        let cache: FragmentCache
        let generation: UInt64
    }

    /// A component that missed: where its fragment goes once written, its request's ``Start``
    /// and the tables it was rendered from (what it was rendered from).
    struct Pending: Sendable {
        let key: Key
        let start: Start
        /// The tables the component read, and those its scene (or parent) read before it: set
        /// once it loaded. Every table until then.
        var reads = TableSet.all
        /// Set when this request renders the fragment for the others waiting for it.
        var lead: Lead?
        /// The cache it goes to.
        var cache: FragmentCache { start.cache }
    }

    /// The request rendering a fragment others wait for: they get its fragment when it is stored,
    /// or nothing when it gives up — at the latest when the last copy of its ``Pending`` goes.
    final class Lead: Sendable {
        private let cache: FragmentCache
        private let key: Key
        private let done = Atomic<Bool>(false)

        fileprivate init(cache: FragmentCache, key: Key) {
            self.cache = cache
            self.key = key
        }

        /// Hands `result` (the fragment and the generation it was rendered from) to the waiters.
        func finish(_ result: (CachedFragment, UInt64)?) {
            guard !done.exchange(true, ordering: .acquiringAndReleasing) else { return }
            cache.release(key, with: result)
        }

        deinit { finish(nil) }
    }

    /// What a request that missed while another rendered the fragment got.
    private enum Turn: Sendable {
        /// It renders the fragment itself, and leads.
        case lead
        /// The leader's fragment, and the generation it was rendered from.
        case fragment(CachedFragment, UInt64)
        /// Nothing: it renders on its own.
        case alone
    }

    /// How long a request waits for another's render before rendering on its own.
    static let leadWait = Duration.seconds(2)

    /// What a reused read's value is kept for: the read itself (its type and every field) and,
    /// for ``FragmentCaching/perUser``, the member (nil: a visitor).
    struct ReadKey: Hashable, Sendable {
        let read: any ReusableRead
        let userID: Int64?

        static func == (a: ReadKey, b: ReadKey) -> Bool {
            a.userID == b.userID && a.read.isEqual(to: b.read)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(type(of: read)))
            read.hash(into: &hasher)
            hasher.combine(userID)
        }
    }

    // MARK: - State

    /// The most bytes of fragments held at once.
    let limit: Int
    /// The most values of reads held at once.
    static let readLimit = 4096
    let versions: @Sendable () -> DataVersions
    private let fragments: Mutex<KeptValues<Key, CachedFragment>>
    /// Visitors' kept pages (their methods: `FragmentCache+Pages.swift`).
    let pages: Mutex<KeptValues<Key, CachedPage>>
    private let reads: Mutex<KeptValues<ReadKey, any Sendable>>
    let logger: Logger
    /// The component types already logged for reading a per-request global, and the scene types
    /// logged for a page holding a component that never reuses.
    let refused = Mutex<Set<ObjectIdentifier>>([])
    /// Keys whose render read something personal (a member's form token), with the data
    /// generation it was read at: under that generation a lookup loads at once, neither leading
    /// a render nor waiting for one that would be refused again.
    private let personal = Mutex<[Key: UInt64]>([:])
    /// The most keys ``personal`` holds before it starts over.
    static let personalLimit = 4096
    /// The fragments being rendered, with the requests waiting for each.
    private let rendering = Mutex<[Key: [Int: CheckedContinuation<Turn, Never>]]>([:])
    private let waiterNumbers = Atomic<Int>(0)
    /// Lookups answered from a kept fragment, and lookups that had to load.
    private let served = Atomic<Int>(0)
    private let loaded = Atomic<Int>(0)
    /// Visitors' page lookups answered from a kept page, and those that rendered it.
    let pagesServed = Atomic<Int>(0)
    let pagesRendered = Atomic<Int>(0)

    /// A cache of at most `limit` bytes whose entries live while the tables they read are
    /// unchanged in `versions` (the database's), logging to `logger`.
    init(limit: Int, versions: @escaping @Sendable () -> DataVersions, logger: Logger) {
        self.logger = logger
        self.limit = limit
        fragments = Mutex(KeptValues(limit: limit))
        pages = Mutex(KeptValues(limit: limit))
        reads = Mutex(KeptValues(limit: Self.readLimit))
        self.versions = versions
    }

    // MARK: - Reading and storing

    /// A request's start, read now: call it before the scene reads anything.
    func begin() -> Start {
        Start(cache: self, generation: versions().generation)
    }

    /// The fragment stored for `key` if it is still valid now, or the one another request is
    /// rendering (waiting for it) if it is as fresh as this request needs; otherwise what a store
    /// for it needs, labelled with the request's `start`.
    func lookup(_ key: Key, from start: Start) async -> (fragment: CachedFragment?, pending: Pending?) {
        let current = versions()
        if let (fragment, _) = fragments.withLock({ $0.value(for: key, versions: current) }) {
            served.add(1, ordering: .relaxed)
            return (fragment, nil)
        }
        if personal.withLock({ $0[key] }) == start.generation {
            loaded.add(1, ordering: .relaxed)
            return (nil, nil)
        }
        switch await turn(for: key) {
        case .fragment(let fragment, let generation)
        where generation >= start.generation || versions().isUnchanged(fragment.reads, since: generation):
            served.add(1, ordering: .relaxed)
            return (fragment, nil)
        case .lead:
            loaded.add(1, ordering: .relaxed)
            return (nil, Pending(key: key, start: start, lead: Lead(cache: self, key: key)))
        case .fragment, .alone:
            loaded.add(1, ordering: .relaxed)
            return (nil, Pending(key: key, start: start))
        }
    }

    /// Leads the render of `key` if no request does; otherwise waits for the leader's result,
    /// at most ``leadWait``.
    private func turn(for key: Key) async -> Turn {
        let number = waiterNumbers.add(1, ordering: .relaxed).newValue
        return await withCheckedContinuation { continuation in
            let leads = rendering.withLock { table -> Bool in
                guard table[key] != nil else {
                    table[key] = [:]
                    return true
                }
                table[key]![number] = continuation
                return false
            }
            guard !leads else { return continuation.resume(returning: .lead) }
            Task { [self] in
                try? await Task.sleep(for: Self.leadWait)
                let waiter = rendering.withLock { $0[key]?.removeValue(forKey: number) }
                waiter?.resume(returning: .alone)
            }
        }
    }

    /// How many requests wait for another's render of `key`.
    func waiters(for key: Key) -> Int {
        rendering.withLock { $0[key]?.count ?? 0 }
    }

    /// Ends the render of `key`: every waiter gets `result` (nil: nothing).
    fileprivate func release(_ key: Key, with result: (CachedFragment, UInt64)?) {
        let waiters = rendering.withLock { $0.removeValue(forKey: key) } ?? [:]
        for waiter in waiters.values {
            waiter.resume(returning: result.map { .fragment($0.0, $0.1) } ?? .alone)
        }
    }

    /// Stores `fragment` (its tables read: ``Pending/reads``) for a component that missed,
    /// unless one of them changed since its request started (``Start``) or the fragment alone
    /// passes the limit.
    func store(_ fragment: CachedFragment, for pending: Pending) {
        var fragment = fragment
        fragment.reads = pending.reads
        keep(fragment, cost: fragment.bytes.count, for: pending.key, reads: pending.reads, on: fragments, from: pending.start)
        pending.lead?.finish((fragment, pending.start.generation))
    }

    /// The value kept for a reused read's `key`, and the tables it read, if it is still valid now.
    func reusedValue(for key: ReadKey) -> (value: any Sendable, reads: TableSet)? {
        let current = versions()
        return reads.withLock { $0.value(for: key, versions: current) }
    }

    /// Keeps a read's `value` for `key`, labelled with its request's `start` and the tables it
    /// read, unless one of them changed since that start; at most ``readLimit`` values are kept.
    func store(_ value: any Sendable, for key: ReadKey, reads tables: TableSet, from start: Start) {
        keep(value, cost: 1, for: key, reads: tables, on: reads, from: start)
    }

    /// Stores nothing for a fragment of `type` that read a per-request global, to be kept under
    /// `key`, and lets the lookups under `start`'s generation load at once; logs the type the
    /// first time — unless the fragment is a member's own (``FragmentCaching/perUser`` with a
    /// member in its key): a member's forms carry their session's token, so such a component is
    /// reused for visitors only, as declared.
    func refuse(_ type: any Component.Type, key: Key, start: Start, lead: Lead?) {
        personal.withLock { keys in
            if keys.count >= Self.personalLimit { keys.removeAll(keepingCapacity: true) }
            keys[key] = start.generation
        }
        lead?.finish(nil)
        guard key.userID == nil else { return }
        guard refused.withLock({ $0.insert(ObjectIdentifier(type)).inserted }) else { return }
        logger.error(
            "\(type) allows its fragment to be reused (caching), but its templates read csrfToken, onceToken or an app global, which differ per request: it is loaded and rendered on every request")
    }

    /// How many lookups were answered from a kept fragment, and how many had to load, since
    /// the cache was made (for the reuse benchmark).
    var lookups: (served: Int, loaded: Int) {
        (served.load(ordering: .relaxed), loaded.load(ordering: .relaxed))
    }

    /// How many fragments and bytes are held.
    var usage: (entries: Int, bytes: Int) {
        let usage = fragments.withLock { $0.usage }
        return (usage.entries, usage.cost)
    }

    // MARK: - Shelves

    /// Keeps `value` on `shelf`, labelled with `start` and `reads`, unless one of those tables
    /// changed since.
    func keep<Key: Hashable & Sendable, Value: Sendable>(
        _ value: Value, cost: Int, for key: Key, reads: TableSet, on shelf: borrowing Mutex<KeptValues<Key, Value>>, from start: Start
    ) {
        let current = versions()
        guard current.isUnchanged(reads, since: start.generation) else { return }
        shelf.withLock { $0.store(value, cost: cost, for: key, generation: start.generation, reads: reads, versions: current) }
    }
}
