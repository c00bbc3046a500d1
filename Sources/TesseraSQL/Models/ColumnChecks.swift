// MARK: - ColumnChecks

/// The checks a column's options ask of its value (``ColumnOption``), made on the value as
/// bound, so one check serves every Swift type of a kind: required text, length, range and
/// format. Uniqueness is the database's to check (``Changeset/insert(in:)``).
package struct ColumnChecks: Sendable, Equatable {
    /// Whether empty text is refused (a non-optional `String` without ``ColumnOption/allowsEmpty``).
    package let requiresText: Bool
    /// The fewest characters (Unicode scalars), or 0.
    package let minLength: Int
    /// The most characters, or nil.
    package let maxLength: Int?
    /// The range a number must be in, or nil.
    package let range: ClosedRange<Double>?
    /// The format text must have, or nil.
    package let format: TextFormat?

    /// The checks `options` ask of a column of `kind`, nullable or not.
    package init(_ options: [ColumnOption], kind: ColumnKind, nullable: Bool) {
        var minLength = 0
        var maxLength: Int?
        var range: ClosedRange<Double>?
        var format: TextFormat?
        for option in options {
            switch option {
            case .length(let min, let max):
                precondition(min >= 0 && max >= Swift.max(1, min), "a column's length needs 0 <= min <= max and max >= 1")
                minLength = min
                maxLength = max
            case .range(let bounds): range = bounds
            case .format(let shape): format = shape
            default: break
            }
        }
        requiresText = kind == .text && !nullable && !options.contains(.allowsEmpty)
        self.minLength = minLength
        self.maxLength = maxLength
        self.range = range
        self.format = format
    }

    // MARK: - Checking

    /// The problem with `value`, as a sentence for a person; nil when it passes. `NULL` passes
    /// (an optional column may hold it).
    package func problem(with value: SQLValue) -> String? {
        switch value {
        case .text(let text): textProblem(text)
        case .integer(let number): numberProblem(Double(number))
        case .real(let number): numberProblem(number)
        default: nil
        }
    }

    private func textProblem(_ text: String) -> String? {
        let count = text.unicodeScalars.count
        if count == 0 { return requiresText || minLength > 0 ? "Fill this in." : nil }
        if let maxLength, count > maxLength { return "Keep this to \(maxLength) characters or fewer (it has \(count))." }
        if count < minLength { return "Use at least \(minLength) characters." }
        if let format, !format.matches(text) { return format.problem }
        return nil
    }

    private func numberProblem(_ number: Double) -> String? {
        guard let range, !range.contains(number) else { return nil }
        return "Enter a number from \(Self.words(range.lowerBound)) to \(Self.words(range.upperBound))."
    }

    /// `12` for a whole number, `12.5` for another.
    static func words(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}
