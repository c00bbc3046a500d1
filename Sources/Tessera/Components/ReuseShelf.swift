// MARK: - ReuseShelf

/// The values ``FragmentCache`` keeps of one kind (rendered fragments, or the values of
/// ``ReusableRead``s), each labelled with the data generation and the time its request
/// started, bounded by a total cost (a fragment's bytes; 1 for a read's value).
///
/// Plain data: the cache holds each shelf inside its lock.
struct ReuseShelf<Key: Hashable, Value> {
    private struct Entry {
        let value: Value
        let cost: Int
        let generation: UInt64
        let began: UInt64
        let sequence: UInt64
    }

    /// The most cost held at once.
    let limit: Int
    /// How long after its request began a value is valid, in nanoseconds.
    let lifetime: UInt64
    private var entries: [Key: Entry] = [:]
    private var held = 0
    private var sequence: UInt64 = 0
    /// The generation whose older entries were last dropped.
    private var purged: UInt64 = 0

    /// An empty shelf holding at most `limit` in cost, each value valid for less than
    /// `lifetime` nanoseconds after its request began.
    init(limit: Int, lifetime: UInt64) {
        self.limit = limit
        self.lifetime = lifetime
    }

    /// How many values and how much cost are held.
    var usage: (entries: Int, cost: Int) { (entries.count, held) }

    /// The value kept for `key` if it is still valid: labelled with the `current` generation,
    /// and begun less than ``lifetime`` before `time`.
    func value(for key: Key, current: UInt64, at time: UInt64) -> Value? {
        guard let entry = entries[key], Self.isValid(entry, current: current, at: time, lifetime: lifetime) else { return nil }
        return entry.value
    }

    /// Keeps `value` for `key`, labelled with the `generation` and the time `began` of the
    /// request that made it, which the caller checked is the `current` generation. Older
    /// generations' values go first; then, while the cost would pass ``limit``, stale values and
    /// then the oldest half. A value whose cost alone passes the limit is not kept.
    mutating func store(_ value: Value, cost: Int, for key: Key, generation: UInt64, began: UInt64, current: UInt64, at time: UInt64) {
        guard cost <= limit else { return }
        if purged != current {
            drop { $0.generation != current }
            purged = current
        }
        if let old = entries.removeValue(forKey: key) { held -= old.cost }
        if held + cost > limit {
            let lifetime = lifetime
            drop { !Self.isValid($0, current: current, at: time, lifetime: lifetime) }
        }
        while held + cost > limit, !entries.isEmpty {
            let middle = sequence &- UInt64(entries.count / 2)
            drop { $0.sequence <= middle }
        }
        sequence &+= 1
        entries[key] = Entry(value: value, cost: cost, generation: generation, began: began, sequence: sequence)
        held += cost
    }

    // MARK: - Private

    private static func isValid(_ entry: Entry, current: UInt64, at time: UInt64, lifetime: UInt64) -> Bool {
        entry.generation == current && time &- entry.began < lifetime
    }

    private mutating func drop(where shouldDrop: (Entry) -> Bool) {
        entries = entries.filter { !shouldDrop($0.value) }
        held = entries.values.reduce(0) { $0 + $1.cost }
    }
}
