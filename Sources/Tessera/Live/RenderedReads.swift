import Synchronization

// MARK: - RenderedReads

/// The tables a live stream's render of a fragment read (its request's, reused fragments and
/// reads included): the stream renders the fragment again only once one of them changed.
final class RenderedReads: Sendable {
    private let bits = Atomic<UInt64>(TableSet.all.bits)

    /// Every table until the render says which it read.
    init() {}

    /// The tables read.
    var tables: TableSet {
        get { TableSet(bits: bits.load(ordering: .acquiring)) }
        set { bits.store(newValue.bits, ordering: .releasing) }
    }
}
