import Synchronization

// MARK: - DataVersions

/// What a process knows of the app data's changes: the generation (bumped by every change to an
/// app table, in any process) and, for each table of the ``TableCatalog``, the generation of its
/// last change.
///
/// A value read at generation `g` that depended on the tables `t` is still what reading again
/// would give while ``isUnchanged(_:since:)`` holds: no table of `t` changed after `g`. Fragment
/// reuse and live pages decide staleness by this one rule.
package struct DataVersions: Sendable, Equatable {
    /// The app data's generation.
    package private(set) var generation: UInt64 = 0
    /// Per table bit, the generation of its last change seen (0: none since the process began).
    private var changes = [UInt64](repeating: 0, count: 64)

    /// The generation of the latest change to any of `tables`.
    func lastChange(of tables: TableSet) -> UInt64 {
        if tables == .all { return generation }
        var latest: UInt64 = 0
        for index in tables.indices { latest = max(latest, changes[index]) }
        return latest
    }

    /// Whether none of `tables` changed after `generation`.
    package func isUnchanged(_ tables: TableSet, since generation: UInt64) -> Bool {
        lastChange(of: tables) <= generation
    }

    /// Raises the generation to `generation` and each table of `changed` to the generation of
    /// its change; never lowers one (looks may finish out of order). Returns whether anything rose.
    @discardableResult
    mutating func raise(to generation: UInt64, changed: [(tables: TableSet, generation: UInt64)]) -> Bool {
        var rose = false
        for (tables, changedAt) in changed {
            for index in tables.indices where changes[index] < changedAt {
                changes[index] = changedAt
                rose = true
            }
        }
        if generation > self.generation {
            self.generation = generation
            rose = true
        }
        return rose
    }
}

// MARK: - LatestVersions

/// A process's ``DataVersions``, shared: raised by each look at the database, read by every
/// request.
final class LatestVersions: Sendable {
    private let versions = Mutex(DataVersions())

    /// The versions as of the latest look.
    var current: DataVersions { versions.withLock { $0 } }

    /// The rows' changes, raised by the same looks.
    let rows = RowChanges()

    /// Raises the versions (see ``DataVersions/raise(to:changed:)``).
    func raise(to generation: UInt64, changed: [(tables: TableSet, generation: UInt64)]) {
        versions.withLock { _ = $0.raise(to: generation, changed: changed) }
    }

    /// Raises the rows' changes, then the versions, to what `look` found: whatever versions a
    /// request reads, the rows' changes up to their generation are known.
    func raise(_ look: ChangeTriggers.Look) {
        rows.raise(look.rows, lookedAt: look.generation)
        raise(to: look.generation, changed: look.tables)
    }
}
