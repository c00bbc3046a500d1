import Synchronization

// MARK: - RisingGeneration

/// A generation that only ever rises: concurrent looks at the database's generation finish in any
/// order, and one that read an older value must not lower it (which would bring back fragments a
/// newer write ended).
final class RisingGeneration: Sendable {
    private let current = Atomic<UInt64>(0)

    /// The highest value seen so far (0 before any).
    var value: UInt64 { current.load(ordering: .acquiring) }

    /// Raises the value to `seen` if it is higher; returns whether it rose.
    @discardableResult
    func raise(to seen: UInt64) -> Bool {
        var known = current.load(ordering: .acquiring)
        while seen > known {
            let (exchanged, original) = current.compareExchange(expected: known, desired: seen, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            known = original
        }
        return false
    }
}
