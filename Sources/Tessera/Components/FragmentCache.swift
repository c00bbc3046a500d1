import Dispatch
import Logging
import Synchronization

// MARK: - FragmentCache

/// The rendered fragments of components that allow it (``FragmentCaching``), bounded in bytes.
///
/// An entry is valid while the app data's generation (``DataGeneration``: bumped by any
/// process's write to an app table, not by Tessera's bookkeeping) is the one read before its
/// component loaded, and for less than ``lifetime`` after that load began. Entries of an older generation are dropped at the next store; when the bytes held
/// would pass ``limit``, stale entries go first, then the oldest half.
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

    /// Where a request's reuse starts: the generation and the time read before its scene read
    /// anything (``begin()``). A component's fragment may show what its scene read before the
    /// component itself loaded (a count handed to it), so what a request stores is labelled with
    /// these, not with what holds when the component loads: a write that lands between the
    /// scene's read and the component's load then keeps the fragment from being stored.
    struct Start: Sendable {
        let cache: FragmentCache
        let generation: UInt64
        let began: UInt64
    }

    /// A component that missed: where its fragment goes once written, and what it was
    /// rendered from (its request's ``Start``).
    struct Pending: Sendable {
        let cache: FragmentCache
        let key: Key
        let generation: UInt64
        let began: UInt64
    }

    private struct Entry {
        let fragment: CachedFragment
        let generation: UInt64
        let began: UInt64
        let sequence: UInt64
    }

    private struct Storage {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var sequence: UInt64 = 0
        /// The generation whose older entries were last dropped.
        var purged: UInt64 = 0
    }

    // MARK: - State

    /// The most bytes of fragments held at once.
    let limit: Int
    /// How long after its load began an entry is reused at most, in nanoseconds.
    private let lifetimeNanoseconds: UInt64
    private let generation: @Sendable () -> UInt64
    private let now: @Sendable () -> UInt64
    private let storage = Mutex(Storage())
    private let logger: Logger
    /// The component types already logged for reading a per-request global.
    private let refused = Mutex<Set<ObjectIdentifier>>([])
    /// Lookups answered from a kept fragment, and lookups that had to load.
    private let served = Atomic<Int>(0)
    private let loaded = Atomic<Int>(0)

    /// A cache of at most `limit` bytes whose entries live while `generation` (the database's
    /// write generation) is unchanged and for less than `lifetime`, by the clock `now`
    /// (nanoseconds; default the system's monotonic clock), logging to `logger`.
    init(
        limit: Int, lifetime: Duration, generation: @escaping @Sendable () -> UInt64, logger: Logger,
        now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    ) {
        self.logger = logger
        self.limit = limit
        lifetimeNanoseconds = UInt64(max(0, lifetime.nanoseconds))
        self.generation = generation
        self.now = now
    }

    // MARK: - Reading and storing

    /// A request's start, read now: call it before the scene reads anything.
    func begin() -> Start {
        Start(cache: self, generation: generation(), began: now())
    }

    /// The fragment stored for `key` if it is still valid now; otherwise what a store for it
    /// needs, labelled with the request's `start`.
    func lookup(_ key: Key, from start: Start) -> (fragment: CachedFragment?, pending: Pending?) {
        let (current, time) = (generation(), now())
        let entry = storage.withLock { $0.entries[key] }
        if let entry, isValid(entry, generation: current, at: time) {
            served.add(1, ordering: .relaxed)
            return (entry.fragment, nil)
        }
        loaded.add(1, ordering: .relaxed)
        return (nil, Pending(cache: self, key: key, generation: start.generation, began: start.began))
    }

    /// Stores `fragment` for a component that missed, unless a write committed since its request
    /// started (``Start``) or the fragment alone passes the limit.
    func store(_ fragment: CachedFragment, for pending: Pending) {
        let bytes = fragment.bytes
        guard bytes.count <= limit else { return }
        let current = generation()
        guard pending.generation == current else { return }
        let time = now()
        storage.withLock { storage in
            if storage.purged != current {
                drop(&storage) { $0.generation != current }
                storage.purged = current
            }
            if let old = storage.entries.removeValue(forKey: pending.key) { storage.bytes -= old.fragment.bytes.count }
            if storage.bytes + bytes.count > limit {
                drop(&storage) { !self.isValid($0, generation: current, at: time) }
            }
            while storage.bytes + bytes.count > limit, !storage.entries.isEmpty {
                let middle = storage.sequence &- UInt64(storage.entries.count / 2)
                drop(&storage) { $0.sequence <= middle }
            }
            storage.sequence &+= 1
            storage.entries[pending.key] = Entry(
                fragment: fragment, generation: pending.generation, began: pending.began, sequence: storage.sequence)
            storage.bytes += bytes.count
        }
    }

    /// Stores nothing for a fragment of `type` that read a per-request global; logs the type
    /// the first time.
    func refuse(_ type: any Component.Type) {
        guard refused.withLock({ $0.insert(ObjectIdentifier(type)).inserted }) else { return }
        logger.error(
            "\(type) allows its fragment to be reused (caching), but its templates read csrfToken, onceToken or an app global, which differ per request: it is loaded and rendered on every request")
    }

    /// How many fragments and bytes are held.
    /// How many lookups were answered from a kept fragment, and how many had to load, since
    /// the cache was made (for the reuse benchmark).
    var lookups: (served: Int, loaded: Int) {
        (served.load(ordering: .relaxed), loaded.load(ordering: .relaxed))
    }

    var usage: (entries: Int, bytes: Int) {
        storage.withLock { ($0.entries.count, $0.bytes) }
    }

    // MARK: - Private

    private func isValid(_ entry: Entry, generation current: UInt64, at time: UInt64) -> Bool {
        entry.generation == current && time &- entry.began < lifetimeNanoseconds
    }

    private func drop(_ storage: inout Storage, where shouldDrop: (Entry) -> Bool) {
        storage.entries = storage.entries.filter { !shouldDrop($0.value) }
        storage.bytes = storage.entries.values.reduce(0) { $0 + $1.fragment.bytes.count }
    }
}

// MARK: - CachedFragment

/// A component's rendered fragment as kept for reuse: its bytes, less those of the child
/// components written inside it (``ChildSlot``), which are loaded and written afresh each time
/// at their offsets.
struct CachedFragment: Sendable {
    /// A child's place in ``bytes``: its id and the component its parent made.
    struct Hole: Sendable {
        let offset: Int
        let id: String
        let component: any Component
    }

    let bytes: [UInt8]
    let holes: [Hole]
}
