import Foundation
import GRDB

// MARK: - AttemptThrottle

/// Counts attempts per account and per client address and refuses a subject that reached its
/// ``ThrottleRule`` with a `429` and `Retry-After`. Its state is a table in the site's database
/// (`tessera_throttle`), so it holds across restarts and across processes sharing the database.
///
/// The order a guarded action relies on:
/// 1. ``check(_:message:)`` before any expensive or revealing work (it throws the 429);
/// 2. the work (say, comparing a password hash);
/// 3. ``recordAttempt(_:)`` on failure (or always, for a rule that counts every attempt);
///    ``clear(_:)`` on success for the subjects a success should forgive.
public struct AttemptThrottle: Sendable {
    /// The table.
    static let table = "tessera_throttle"

    let database: TesseraDatabase
    let now: @Sendable () -> Date

    /// A throttle over `database`'s table, reading the time from `now` (default the system's).
    public init(database: TesseraDatabase, now: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.now = now
    }

    static func registerMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("tessera.throttle.v1") { db in
            try db.create(table: table) { t in
                t.primaryKey("key", .text)
                t.column("attempts", .integer).notNull()
                t.column("windowStart", .double).notNull()
                t.column("blockedUntil", .double)
            }
            try db.create(index: "tessera_throttle_window", on: table, columns: ["windowStart"])
        }
    }

    // MARK: - Checking

    /// The seconds `key`'s subject must still wait, or nil when it may go ahead.
    public func retryAfter(_ key: ThrottleKey) async throws -> Int? {
        let time = now().timeIntervalSince1970
        let blockedUntil = try await database.pool.read { db in
            try Double.fetchOne(db, sql: "SELECT blockedUntil FROM \(Self.table) WHERE \"key\" = ?", arguments: [key.stored])
        }
        guard let blockedUntil, blockedUntil > time else { return nil }
        return Int((blockedUntil - time).rounded(.up))
    }

    /// Throws a `429` with `Retry-After` (the longest wait among `keys`) and `message` followed by
    /// "Try again in N minutes." when any subject must wait.
    public func check(_ keys: [ThrottleKey], message: String) async throws {
        var longest: Int?
        for key in keys {
            if let wait = try await retryAfter(key) { longest = max(longest ?? 0, wait) }
        }
        guard let longest else { return }
        throw RequestError.tooManyRequests(message + " " + Self.waitSentence(seconds: longest), retryAfter: longest)
    }

    // MARK: - Recording

    /// Counts one attempt for each of `keys`; a subject reaching its rule's limit is blocked for
    /// the rule's lockout. Old rows (windows long over, no block) are deleted on the way.
    public func recordAttempt(_ keys: [ThrottleKey]) async throws {
        let time = now().timeIntervalSince1970
        try await database.pool.write { db in
            for key in keys {
                let row = try Row.fetchOne(
                    db, sql: "SELECT attempts, windowStart FROM \(Self.table) WHERE \"key\" = ?", arguments: [key.stored])
                var attempts = 1
                var windowStart = time
                if let row, time - (row["windowStart"] as Double) < key.rule.window {
                    attempts = (row["attempts"] as Int) + 1
                    windowStart = row["windowStart"]
                }
                let blockedUntil: Double? = attempts >= key.rule.limit ? time + key.rule.lockout : nil
                try db.execute(
                    sql: """
                        INSERT INTO \(Self.table) ("key", attempts, windowStart, blockedUntil) VALUES (?, ?, ?, ?)
                        ON CONFLICT("key") DO UPDATE SET attempts = excluded.attempts, windowStart = excluded.windowStart,
                          blockedUntil = COALESCE(excluded.blockedUntil, \(Self.table).blockedUntil)
                        """, arguments: [key.stored, attempts, windowStart, blockedUntil])
            }
            // Forget subjects idle for a day whose block is over, so the table stays small.
            try db.execute(
                sql: "DELETE FROM \(Self.table) WHERE windowStart < ? AND (blockedUntil IS NULL OR blockedUntil < ?)",
                arguments: [time - 86_400, time])
        }
    }

    /// Forgets `keys` (after a success that should forgive earlier failures).
    public func clear(_ keys: [ThrottleKey]) async throws {
        try await database.pool.write { db in
            for key in keys { try db.execute(sql: "DELETE FROM \(Self.table) WHERE \"key\" = ?", arguments: [key.stored]) }
        }
    }

    // MARK: - Private

    /// "Try again in 1 minute." / "Try again in 15 minutes." / "Try again in 30 seconds."
    static func waitSentence(seconds: Int) -> String {
        if seconds < 60 { return "Try again in \(seconds) second\(seconds == 1 ? "" : "s")." }
        let minutes = (seconds + 59) / 60
        return "Try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
    }
}
