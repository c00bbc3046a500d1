import Foundation
import HummingbirdBcrypt
import Tessera

// MARK: - PasswordHashing

/// bcrypt, run off the event loops and the shared task pool through one ``WorkLimiter``: at
/// most one hash per core but one at a time, 256 callers waiting (a waiting caller holds no
/// thread), so guesses cannot stall other pages (a full queue is a `503` with `Retry-After`).
enum PasswordHashing {
    /// The bcrypt cost of new hashes (and of the dummy hash unknown users are checked against).
    static let cost: UInt8 = 10

    /// The one limiter all password work of the process goes through.
    static let limiter = WorkLimiter(
        maxConcurrent: max(1, ProcessInfo.processInfo.activeProcessorCount - 1), maxWaiting: 256)

    /// Whether `password` matches `hash`.
    static func verify(_ password: String, against hash: String) async throws -> Bool {
        try await limiter.run { Bcrypt.verify(password, hash: hash) }
    }

    /// A new hash of `password`.
    static func hash(_ password: String) async throws -> String {
        try await limiter.run { Bcrypt.hash(password, cost: cost) }
    }
}
