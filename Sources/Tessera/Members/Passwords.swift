import Foundation
import HummingbirdBcrypt

// MARK: - Passwords

/// bcrypt for members' passwords. Requests hash and check through one `WorkLimiter` per
/// process: off the event loops and Swift's shared pool, at most one hash per core but one at a
/// time, 256 callers waiting (a waiting caller holds no thread; past that, a `503` with
/// `Retry-After`), so a burst of sign-ins cannot starve pages. Checking a password is only
/// possible through ``Members``' operations, which count the attempt first.
public enum Passwords {
    /// The bcrypt cost of new hashes: 10.
    package static let cost: UInt8 = 10

    /// A bcrypt hash of `password`, on the caller's thread: for seeds and tools. (Actions go
    /// through ``Members``, which hash off the event loops.)
    public static func hash(_ password: String) -> String { Bcrypt.hash(password, cost: cost) }

    /// The one limiter all password work of the process goes through.
    static let limiter = WorkLimiter(maxConcurrent: max(1, ProcessInfo.processInfo.activeProcessorCount - 1), maxWaiting: 256)

    /// The hash an unknown username is checked against, so it costs what a known one does.
    static let unknownUserHash = Bcrypt.hash("no-member-has-this-password-\(UUID().uuidString)", cost: cost)

    /// A hash of `password`, made on the limiter's threads.
    static func hashed(_ password: String) async throws -> String {
        try await limiter.run { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash`, checked on the limiter's threads.
    static func verify(_ password: String, against hash: String) async throws -> Bool {
        try await limiter.run { Bcrypt.verify(password, hash: hash) }
    }
}
