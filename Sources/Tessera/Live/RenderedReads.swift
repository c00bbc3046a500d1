import Synchronization

// MARK: - RenderedReads

/// What a live stream's render of a fragment read (its request's, reused fragments and reads
/// included): the tables, so the stream renders it again only once one of them changed; the
/// query's names, so URLs that differ only in names nothing read share one render
/// (`LiveRoutes`); and the member it was rendered for, so it is shared only with that member's
/// streams; and for a child keyed by a row, the row.
final class RenderedReads: Sendable {
    private let bits = Atomic<UInt64>(TableSet.all.bits)
    private let query = Mutex<(names: Set<String>, whole: Bool)>(([], false))
    private let seenViewer = Mutex<Int64?>(nil)
    private let keyedRow = Mutex<RowKey?>(nil)

    /// Every table until the render says which it read.
    init() {}

    /// The tables read.
    var tables: TableSet {
        get { TableSet(bits: bits.load(ordering: .acquiring)) }
        set { bits.store(newValue.bits, ordering: .releasing) }
    }

    // MARK: - The query

    /// Notes that the query's item `name` was read.
    func noteQuery(_ name: String) {
        query.withLock { _ = $0.names.insert(name) }
    }

    /// Notes that the whole query was read (every item matters).
    func noteWholeQuery() {
        query.withLock { $0.whole = true }
    }

    /// The names of the query's items read, or nil when the whole query was.
    var queryNames: Set<String>? {
        query.withLock { $0.whole ? nil : $0.names }
    }

    // MARK: - The viewer

    /// The member the render saw signed in (nil: a visitor).
    var viewer: Int64? {
        get { seenViewer.withLock { $0 } }
        set { seenViewer.withLock { $0 = newValue } }
    }

    // MARK: - The row

    /// The row the fragment is keyed by (a child's, ``ChildSlot``'s `table`), if any.
    var row: RowKey? {
        get { keyedRow.withLock { $0 } }
        set { keyedRow.withLock { $0 = newValue } }
    }
}
