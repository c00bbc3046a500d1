import Synchronization

// MARK: - RowKey

/// One row of an app table, by its table and its single-column primary key: what a child
/// component keyed by a row (a booking button per class) renders from.
///
/// ``ChangeTriggers`` marks, for each row a write changes, the row itself and every row its
/// single-column foreign keys reference: a like of post 42 marks `blog:42` (and its member's
/// `user:7`). So the rows that reference a row, and the row, change its key together.
package struct RowKey: Hashable, Sendable {
    /// The table, lowercased.
    package let table: String
    /// The primary key, as SQL casts it to text.
    package let key: String

    /// The row of `table` whose primary key is `key`.
    package init(table: String, key: String) {
        self.table = table.lowercased()
        self.key = key
    }

    /// How ``ChangeTriggers`` writes it: `table:key`.
    var mark: String { table + ":" + key }

    /// The mark that stands for every row of the table (a truncation).
    var everyRow: String { table + ":*" }
}

// MARK: - RowChanges

/// What a process knows of the app data's changes row by row: per ``RowKey`` mark, the
/// generation of its last change, for every change since the generation it began to look
/// (``knownSince``).
///
/// Looks raise it before they raise the tables' versions (``LatestVersions``), so whatever a
/// request's ``DataVersions`` say, the rows' changes up to that generation are here. At most
/// ``limit`` marks are kept: past it the process forgets them and knows only what changes from
/// then on, which costs a render, never freshness.
final class RowChanges: Sendable {
    private struct State {
        var marks: [String: UInt64] = [:]
        /// Nil until the first look: nothing is known.
        var knownSince: UInt64?
    }

    /// The most marks kept.
    static let limit = 50_000

    private let state = Mutex(State())

    init() {}

    /// Notes `marks` (each with the generation of its change) as read by a look that found the
    /// data at `generation`; the first look's marks are not read (``ChangeTriggers/changesSince``):
    /// from then on, everything is known.
    func raise(_ marks: [(String, UInt64)], lookedAt generation: UInt64) {
        state.withLock { state in
            guard state.knownSince != nil else {
                state.knownSince = generation
                return
            }
            if state.marks.count + marks.count > Self.limit {
                state.marks = [:]
                state.knownSince = generation
                return
            }
            for (mark, changedAt) in marks where state.marks[mark, default: 0] < changedAt {
                state.marks[mark] = changedAt
            }
        }
    }

    /// Whether the look has begun: ``ChangeTriggers/changesSince`` reads marks only after it.
    var isLooking: Bool { state.withLock { $0.knownSince != nil } }

    /// Whether `row` (or its whole table) is known not to have changed after `generation`.
    func isUnchanged(_ row: RowKey, since generation: UInt64) -> Bool {
        state.withLock { state in
            guard let knownSince = state.knownSince, knownSince <= generation else { return false }
            return state.marks[row.mark, default: 0] <= generation && state.marks[row.everyRow, default: 0] <= generation
        }
    }
}
