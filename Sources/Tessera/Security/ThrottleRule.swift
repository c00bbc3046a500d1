// MARK: - ThrottleRule

/// How many counted attempts a subject (an account, a client address) may make before it must
/// wait: at most ``limit`` within ``window``; the attempt that reaches the limit blocks the
/// subject for ``lockout``.
public struct ThrottleRule: Sendable, Equatable {
    /// A stable name, stored with each subject (`signin.account`).
    public let name: String
    /// Attempts allowed within the window.
    public let limit: Int
    /// The window attempts are counted in, in seconds.
    public let window: Double
    /// How long a subject that reached the limit waits, in seconds.
    public let lockout: Double

    /// A rule.
    public init(name: String, limit: Int, window: Double, lockout: Double) {
        precondition(limit > 0 && window > 0 && lockout > 0, "ThrottleRule \(name): limits must be positive")
        self.name = name
        self.limit = limit
        self.window = window
        self.lockout = lockout
    }

    /// The rule applied to `subject`: what a throttle counts.
    public func key(_ subject: String) -> ThrottleKey { ThrottleKey(rule: self, subject: subject) }
}

// MARK: - ThrottleKey

/// One rule applied to one subject (an account's name, a client address).
public struct ThrottleKey: Sendable, Equatable {
    /// The rule.
    public let rule: ThrottleRule
    /// Who is counted.
    public let subject: String

    /// The stored key: the rule's name, a colon, the subject.
    var stored: String { rule.name + ":" + subject }
}
