// MARK: - GenerateError

/// Why `generate` wrote nothing: a bad name or field, or a file that exists already.
struct GenerateError: Error, CustomStringConvertible {
    /// What was wrong, in a sentence.
    let description: String

    init(_ description: String) { self.description = description }
}
