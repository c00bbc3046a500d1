// MARK: - KeptValues

/// The values ``FragmentCache`` keeps of one kind (rendered fragments, or the values of
/// ``ReusableRead``s), each labelled with the data generation its request started at and the
/// tables it read, bounded by a total cost (a fragment's bytes; 1 for a read's value).
///
/// A value is valid while none of its tables changed after its generation
/// (`DataVersions.isUnchanged`): until its data changes, however long that is.
///
/// Plain data: the cache holds each shelf inside its lock.
struct KeptValues<Key: Hashable, Value> {
    private struct Entry {
        let value: Value
        let cost: Int
        let generation: UInt64
        let reads: TableSet
        let sequence: UInt64
    }

    /// The most cost held at once.
    let limit: Int
    private var entries: [Key: Entry] = [:]
    private var held = 0
    private var sequence: UInt64 = 0
    /// The generation at which stale entries were last dropped.
    private var purged: UInt64 = 0

    /// An empty shelf holding at most `limit` in cost.
    init(limit: Int) {
        self.limit = limit
    }

    /// How many values and how much cost are held.
    var usage: (entries: Int, cost: Int) { (entries.count, held) }

    /// The value kept for `key`, with the tables it read, if it is still valid under `versions`.
    func value(for key: Key, versions: DataVersions) -> (Value, TableSet)? {
        guard let entry = entries[key], Self.isValid(entry, versions: versions) else { return nil }
        return (entry.value, entry.reads)
    }

    /// Keeps `value` for `key`, read from `reads` by a request that started at `generation`,
    /// which the caller checked is still fresh under `versions`. Stale values go first (once per
    /// generation); then, while the cost would pass ``limit``, the oldest half. A value whose
    /// cost alone passes the limit is not kept.
    mutating func store(_ value: Value, cost: Int, for key: Key, generation: UInt64, reads: TableSet, versions: DataVersions) {
        guard cost <= limit else { return }
        if let old = entries.removeValue(forKey: key) { held -= old.cost }
        if purged != versions.generation || held + cost > limit {
            drop { !Self.isValid($0, versions: versions) }
            purged = versions.generation
        }
        while held + cost > limit, !entries.isEmpty {
            let middle = sequence &- UInt64(entries.count / 2)
            drop { $0.sequence <= middle }
        }
        sequence &+= 1
        entries[key] = Entry(value: value, cost: cost, generation: generation, reads: reads, sequence: sequence)
        held += cost
    }

    // MARK: - Private

    private static func isValid(_ entry: Entry, versions: DataVersions) -> Bool {
        versions.isUnchanged(entry.reads, since: entry.generation)
    }

    private mutating func drop(where shouldDrop: (Entry) -> Bool) {
        entries = entries.filter { !shouldDrop($0.value) }
        held = entries.values.reduce(0) { $0 + $1.cost }
    }
}
