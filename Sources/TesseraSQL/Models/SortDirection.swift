// MARK: - SortDirection

/// Which end of a query's order comes first.
public enum SortDirection: Sendable {
    /// Smallest first (`ASC`).
    case ascending
    /// Largest first (`DESC`).
    case descending
}
