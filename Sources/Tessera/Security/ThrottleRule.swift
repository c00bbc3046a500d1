// MARK: - ThrottleRule

/// How many attempts a subject (an account, a client address) may make before it must wait: at
/// most ``limit`` within ``window``; the attempt past the limit is refused and blocks the subject
/// for ``lockout``. What a success does to the count is ``success``.
public struct ThrottleRule: Sendable, Equatable {
    /// A stable name, stored with each subject (`signin.account`).
    public let name: String
    /// Attempts allowed within the window.
    public let limit: Int
    /// The window attempts are counted in, in seconds.
    public let window: Double
    /// How long a subject that passed the limit waits, in seconds.
    public let lockout: Double
    /// What a successful attempt does to the subject's count.
    public let success: Success

    /// What a successful attempt does to its subject's count.
    public enum Success: Sendable, Equatable {
        /// Forgets the subject: its earlier failures no longer count (an account that signed in).
        case forgets
        /// The successful attempt itself does not count; earlier failures still do (an address).
        case refunds
        /// Every attempt counts, successful or not (sign-ups from one address).
        case counts
    }

    /// A rule allowing `limit` attempts within `window` seconds, blocking for `lockout` seconds
    /// past it; a success `success` (default ``Success/forgets``).
    public init(name: String, limit: Int, window: Double, lockout: Double, success: Success = .forgets) {
        precondition(limit > 0 && window > 0 && lockout > 0, "ThrottleRule \(name): limits must be positive")
        self.name = name
        self.limit = limit
        self.window = window
        self.lockout = lockout
        self.success = success
    }

    /// The rule applied to `subject`: what a throttle counts.
    package func key(_ subject: String) -> ThrottleKey { ThrottleKey(rule: self, subject: subject) }
}

// MARK: - ThrottleKey

/// One rule applied to one subject (an account's name, a client address).
package struct ThrottleKey: Sendable, Equatable {
    /// The rule.
    package let rule: ThrottleRule
    /// Who is counted.
    package let subject: String

    /// The stored key: the rule's name, a colon, the subject.
    var stored: String { rule.name + ":" + subject }
}
