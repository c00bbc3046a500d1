import Foundation

// MARK: - AttemptThrottle

/// Counts attempts per account and per client address and refuses a subject over its
/// ``ThrottleRule`` with a `429` and `Retry-After`. Its state is a table in the site's database
/// (`tessera_throttle`), so it holds across restarts and across processes sharing the database.
///
/// There is one way in for a request, ``attempt(_:message:_:)``, and it fixes the order: each
/// subject's attempt is counted, and its limit tested, in one atomic `INSERT … ON CONFLICT DO
/// UPDATE … RETURNING` statement *before* the guarded work (say, comparing a password hash)
/// runs. So a burst of concurrent guesses, on one process or on several sharing the database,
/// lets at most a rule's ``ThrottleRule/limit`` through to the work; the rest are refused
/// without it.
package struct AttemptThrottle: Sendable {
    /// The table.
    static let table = "tessera_throttle"

    let database: TesseraDatabase
    let now: @Sendable () -> Date

    /// A throttle over `database`'s table, reading the time from `now` (default the system's).
    package init(database: TesseraDatabase, now: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.now = now
    }

    static func registerMigration(in migrations: inout Migrations) {
        migrations.register("tessera.throttle.v1") { db in
            try await db.execute(
                """
                CREATE TABLE \(table) ("key" TEXT PRIMARY KEY NOT NULL, attempts BIGINT NOT NULL,
                  windowStart DOUBLE PRECISION NOT NULL, blockedUntil DOUBLE PRECISION)
                """)
            try await db.execute("CREATE INDEX tessera_throttle_window ON \(table) (windowStart)")
        }
    }

    // MARK: - Attempting

    /// Counts one attempt for each of `keys`, then runs `work` only if every subject is within its
    /// rule; otherwise throws a `429` with `Retry-After` (the longest wait among `keys`) and
    /// `message` followed by "Try again in N minutes.", and `work` never runs.
    ///
    /// `work` returns nil for a failure (a wrong password: the attempts stay counted) or a value
    /// for a success, after which each key's rule applies its ``ThrottleRule/Success`` (an
    /// account's failures are forgiven, an address's attempt refunded, a sign-up kept). An error
    /// thrown by `work` leaves the attempts counted.
    package func attempt<Success: Sendable>(
        _ keys: [ThrottleKey], message: String, _ work: () async throws -> Success?
    ) async throws -> Success? {
        if let wait = try await count(keys) {
            throw RequestError.tooManyRequests(message + " " + Self.waitSentence(seconds: wait), retryAfter: wait)
        }
        guard let success = try await work() else { return nil }
        try await settle(keys)
        return success
    }

    /// The seconds `key`'s subject is still blocked for, or nil (nothing is counted).
    package func retryAfter(_ key: ThrottleKey) async throws -> Int? {
        let time = now().timeIntervalSince1970
        let blockedUntil = try await database.read { db in
            try await db.fetchValue(Double?.self, "SELECT blockedUntil FROM \(Self.table) WHERE \"key\" = ?", [key.stored]) ?? nil
        }
        guard let blockedUntil, blockedUntil > time else { return nil }
        return Int((blockedUntil - time).rounded(.up))
    }

    // MARK: - Counting

    /// Counts an attempt for each key, each in one atomic statement; the longest wait among the
    /// subjects now over their limit (blocking each for its lockout the first time), or nil.
    func count(_ keys: [ThrottleKey]) async throws -> Int? {
        try await database.write { db in try await count(keys, in: db) }
    }

    /// ``count(_:)`` in `db`'s transaction, so the count commits with the work it guards or not
    /// at all: for work that is quietly skipped past a limit (a job whose mail must not tell
    /// whether it was sent), where there is no request to answer `429`.
    func count(_ keys: [ThrottleKey], in db: SQLConnection) async throws -> Int? {
        let time = now().timeIntervalSince1970
        var longest: Int?
        for key in keys {
            let (window, limit, lockout) = (Double(key.rule.window), key.rule.limit, Double(key.rule.lockout))
            let blockedUntil = try await db.fetchValue(
                Double?.self, Self.countSQL,
                [key.stored, time, time, window, time, window, time, time, time, window, limit, time, lockout]) ?? nil
            if let blockedUntil, blockedUntil > time {
                longest = max(longest ?? 0, Int((blockedUntil - time).rounded(.up)))
            }
        }
        // Forget subjects idle for a day whose block is over, so the table stays small.
        try await db.execute(
            "DELETE FROM \(Self.table) WHERE windowStart < ? AND (blockedUntil IS NULL OR blockedUntil < ?)", [time - 86_400, time])
        return longest
    }

    /// One attempt, counted and tested in one statement: a new window when the last one is over,
    /// and a block (kept if one is running) when the count passes the limit. SQLite and
    /// PostgreSQL both run it as written.
    /// Its placeholders, in order: the key, now (twice), the window, now, the window, now (three
    /// times), the window, the limit, now, the lockout.
    static let countSQL = """
        INSERT INTO \(table) ("key", attempts, windowStart, blockedUntil) VALUES (?, 1, ?, NULL)
        ON CONFLICT("key") DO UPDATE SET
          attempts = CASE WHEN ? - \(table).windowStart >= ? THEN 1 ELSE \(table).attempts + 1 END,
          windowStart = CASE WHEN ? - \(table).windowStart >= ? THEN ? ELSE \(table).windowStart END,
          blockedUntil = CASE
            WHEN \(table).blockedUntil > ? THEN \(table).blockedUntil
            WHEN ? - \(table).windowStart < ? AND \(table).attempts + 1 > ? THEN ? + ?
            ELSE NULL END
        RETURNING blockedUntil
        """

    /// Applies each key's rule to a success: forgets the subject, refunds the attempt, or keeps it.
    private func settle(_ keys: [ThrottleKey]) async throws {
        try await database.write { db in
            for key in keys {
                switch key.rule.success {
                case .forgets:
                    try await db.execute("DELETE FROM \(Self.table) WHERE \"key\" = ?", [key.stored])
                case .refunds:
                    try await db.execute("UPDATE \(Self.table) SET attempts = attempts - 1 WHERE \"key\" = ? AND attempts > 0", [key.stored])
                case .counts:
                    break
                }
            }
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
