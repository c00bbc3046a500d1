import Synchronization

// MARK: - QueryCounter

/// Counts the statements a request or component runs, and adds each to its parent's count; and
/// notes the app tables they read (every app table a statement names), which decide how long
/// what they show stays fresh.
public final class QueryCounter: Sendable {
    private let count = Atomic<Int>(0)
    /// The tables read through this counter itself.
    private let directReads = Atomic<UInt64>(0)
    /// The tables read through this counter and every counter under it.
    private let allReads = Atomic<UInt64>(0)
    private let parent: QueryCounter?

    /// A counter at zero, adding into `parent` (default none).
    public init(parent: QueryCounter? = nil) { self.parent = parent }

    /// The statements counted so far.
    package var value: Int { count.load(ordering: .relaxed) }

    /// Counts one statement that read `tables`, here and in every parent.
    func increment(reading tables: TableSet = .none) {
        record(tables)
        var counter: QueryCounter? = self
        while let current = counter {
            current.count.add(1, ordering: .relaxed)
            counter = current.parent
        }
    }

    // MARK: - Tables read

    /// Notes `tables` as read here (a statement, or a reused read's value that stands for one).
    package func record(_ tables: TableSet) {
        guard !tables.isEmpty else { return }
        directReads.bitwiseOr(tables.bits, ordering: .relaxed)
        recordBelow(tables)
    }

    /// Notes `tables` as read under this counter (a reused fragment that stands for a
    /// component's reads), here and in every parent.
    package func recordBelow(_ tables: TableSet) {
        guard !tables.isEmpty else { return }
        var counter: QueryCounter? = self
        while let current = counter {
            current.allReads.bitwiseOr(tables.bits, ordering: .relaxed)
            counter = current.parent
        }
    }

    /// The tables read through this counter itself.
    package var ownReads: TableSet { TableSet(bits: directReads.load(ordering: .relaxed)) }

    /// The tables read through this counter and every counter under it.
    package var reads: TableSet { TableSet(bits: allReads.load(ordering: .relaxed)) }
}
