// MARK: - ConfigurationError

/// A configuration value that cannot be used.
package struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, naming the setting.
    package let message: String
    /// The message.
    package var description: String { message }
}
