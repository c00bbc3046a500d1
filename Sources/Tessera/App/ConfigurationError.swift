// MARK: - ConfigurationError

/// A configuration value that cannot be used.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, naming the setting.
    public let message: String
    /// The message.
    public var description: String { message }
}
