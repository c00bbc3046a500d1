// MARK: - StartupProblem

/// A mistake in an app's code found at start-up (and by `tessera validate`): named by Swift
/// type and, when the sources are at hand, by file.
public struct StartupProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The Swift file declaring ``type``, such as `Sources/BookClub/ShelfComponent.swift`, when
    /// known.
    public let file: String?
    /// The Swift type at fault.
    public let type: String
    /// What is wrong, in a sentence.
    public let message: String

    /// A problem.
    public init(file: String?, type: String, message: String) {
        self.file = file
        self.type = type
        self.message = message
    }

    /// `file: Type: message`.
    public var description: String { (file.map { $0 + ": " } ?? "") + (type.isEmpty ? "" : type + ": ") + message }
}

// MARK: - StartupErrors

/// Every start-up problem; thrown before the server opens its port.
public struct StartupErrors: Error, Sendable, CustomStringConvertible {
    /// The problems, in the order found.
    public let problems: [StartupProblem]

    /// One problem a line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
