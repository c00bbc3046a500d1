import Synchronization

// MARK: - QueryCounter

/// Counts the statements a request or component runs, and adds each to its parent's count.
public final class QueryCounter: Sendable {
    private let count = Atomic<Int>(0)
    private let parent: QueryCounter?

    /// A counter at zero, adding into `parent` (default none).
    public init(parent: QueryCounter? = nil) { self.parent = parent }

    /// The statements counted so far.
    public var value: Int { count.load(ordering: .relaxed) }

    /// Counts one statement, here and in every parent.
    func increment() {
        count.add(1, ordering: .relaxed)
        parent?.increment()
    }
}
