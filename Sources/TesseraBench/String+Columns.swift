// MARK: - Table columns

extension String {
    /// The string right-aligned in `width` columns (the benchmarks' tables).
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
