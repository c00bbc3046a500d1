// MARK: - CachedFragment

/// A component's rendered fragment as kept for reuse: its bytes, less those of the child
/// components written inside it (``ChildSlot``), which are loaded and written afresh each time
/// at their offsets.
struct CachedFragment: Sendable {
    /// A child's place in ``bytes``, and the child: the component its parent made, placed
    /// once when the fragment was kept (with the query its parent needs to place it again).
    struct Hole: Sendable {
        let offset: Int
        let child: PlacedComponent
    }

    let bytes: [UInt8]
    let holes: [Hole]
    /// The holes' children, in order: a reused copy places them as they are.
    let children: [PlacedComponent]

    /// Where its root element's `data-tessera-live-since` value lies in ``bytes``, for a live
    /// component: a reused copy is as fresh as its request's start, and says so.
    var liveSince: Range<Int>?
    /// The tables it was rendered from.
    var reads = TableSet.all

    /// `bytes` with its children at `holes`.
    init(bytes: [UInt8], holes: [Hole]) {
        self.bytes = bytes
        self.holes = holes
        children = holes.map(\.child)
    }
}
