import Tessera

// MARK: - SignInThrottling

/// The throttle rules that make guessing slow, and the keys each guarded form counts under.
///
/// - Sign-in: 5 attempts per account name (known or not, so the answer never reveals which
///   names exist) and 30 per client address, within 15 minutes; past the limit, 15 minutes'
///   block. A success forgives the account's failures and does not count against the address.
/// - Password change: 5 wrong current passwords per member within 15 minutes.
/// - Sign-up: 10 attempts per client address within an hour.
enum SignInThrottling {
    static let accountFailures = ThrottleRule(name: "signin.account", limit: 5, window: 15 * 60, lockout: 15 * 60)
    static let addressFailures = ThrottleRule(
        name: "signin.address", limit: 30, window: 15 * 60, lockout: 15 * 60, success: .refunds)
    static let passwordFailures = ThrottleRule(name: "password.member", limit: 5, window: 15 * 60, lockout: 15 * 60)
    static let signUpAttempts = ThrottleRule(name: "signup.address", limit: 10, window: 3600, lockout: 3600, success: .counts)

    /// The throttle of `scope`'s site (its state is in the site's database).
    static func throttle(_ scope: RequestScope) -> AttemptThrottle { AttemptThrottle(database: scope.site.database) }

    /// The keys a sign-in as `username` from `scope`'s client counts under.
    static func signInKeys(username: String, _ scope: RequestScope) -> (account: ThrottleKey, address: ThrottleKey) {
        let account = String(decoding: username.lowercased().utf8.prefix(64), as: UTF8.self)
        return (accountFailures.key(account), addressFailures.key(ClientAddress.subject(of: scope)))
    }

    /// The message before "Try again in …" on a throttled sign-in.
    static let signInMessage = "Too many failed sign-ins for this account or from your network."
    /// The message before "Try again in …" on a throttled password change.
    static let passwordMessage = "Too many wrong current passwords."
    /// The message before "Try again in …" on a throttled sign-up.
    static let signUpMessage = "Too many new accounts from your network."
}
