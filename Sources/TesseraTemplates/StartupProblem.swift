// MARK: - StartupProblem

/// A mistake in an app found at start-up (and by `tessera validate`): named by Swift type, and
/// for a key a template reads, by the template's `file:line:column`.
package struct StartupProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is, when known: a template's `Views/Books/BookCell.mustache:3:7`, or a
    /// Swift file.
    package let file: String?
    /// The Swift type at fault; empty when ``message`` names it (a template key's problem).
    package let type: String
    /// What is wrong, in a sentence.
    package let message: String

    /// A problem.
    package init(file: String?, type: String, message: String) {
        self.file = file
        self.type = type
        self.message = message
    }

    /// `file: Type: message`.
    package var description: String { (file.map { $0 + ": " } ?? "") + (type.isEmpty ? "" : type + ": ") + message }
}
