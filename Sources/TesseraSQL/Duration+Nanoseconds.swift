// MARK: - Duration in nanoseconds

extension Duration {
    /// This span in whole nanoseconds (a fraction of one is dropped), for clocks and timers that
    /// count them: NIO's `TimeAmount`, the page readers' and the fragment cache's lifetimes.
    package var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
