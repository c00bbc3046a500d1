// MARK: - TableSet

/// Some of the app's tables, each a bit given by the ``TableCatalog``: the tables a request read,
/// or a kept fragment depends on. Tables past the 63rd share the last bit, and a view stands for
/// every table, so a set never misses a table it should hold; it may hold more.
package struct TableSet: Hashable, Sendable {
    /// One bit per table.
    package var bits: UInt64

    /// The set of `bits`.
    package init(bits: UInt64) {
        self.bits = bits
    }

    /// No table.
    static let none = TableSet(bits: 0)
    /// Every table (what a read that cannot be told apart depends on).
    package static let all = TableSet(bits: .max)

    /// Whether the set holds no table.
    var isEmpty: Bool { bits == 0 }

    /// The tables in either set.
    package func union(_ other: TableSet) -> TableSet {
        TableSet(bits: bits | other.bits)
    }

    /// The tables in this set but not in `other`.
    package func subtracting(_ other: TableSet) -> TableSet {
        TableSet(bits: bits & ~other.bits)
    }

    /// The bits set, lowest first.
    var indices: some Sequence<Int> {
        var rest = bits
        return AnyIterator {
            guard rest != 0 else { return nil }
            let index = rest.trailingZeroBitCount
            rest &= rest - 1
            return index
        }
    }
}
