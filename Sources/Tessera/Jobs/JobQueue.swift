import Foundation

// MARK: - JobQueue

/// The jobs waiting, running and failed, in the site's database (`tessera_jobs`): one row per
/// job until it completes.
///
/// A job is *ready* when its time has come (`runAt`), it has not failed for good, and no lease
/// holds it (none, or one that ended: its process died). Workers claim ready jobs in one
/// statement — `FOR UPDATE SKIP LOCKED` on PostgreSQL, so workers never wait on each other's
/// rows; SQLite runs one write at a time — taking a lease (`lockedBy`, `lockedUntil`) and
/// counting the try.
public struct JobQueue: Sendable {
    static let table = "tessera_jobs"

    let database: TesseraDatabase

    /// The jobs of `database`.
    public init(database: TesseraDatabase) { self.database = database }

    static func registerMigration(in migrations: inout Migrations) {
        migrations.register("tessera.jobs.v1") { db in
            try await db.execute(
                """
                CREATE TABLE \(table) (id \(db.dialect.autoIncrementPrimaryKey), name TEXT NOT NULL, arguments TEXT NOT NULL,
                  runAt DOUBLE PRECISION NOT NULL, enqueuedAt DOUBLE PRECISION NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
                  maxAttempts INTEGER NOT NULL, lockedBy TEXT, lockedUntil DOUBLE PRECISION, failedAt DOUBLE PRECISION,
                  lastError TEXT, uniqueKey TEXT UNIQUE)
                """)
            try await db.execute("CREATE INDEX tessera_jobs_ready ON \(table) (runAt, id) WHERE failedAt IS NULL")
        }
        // The id of the request that enqueued the job, for its log lines and error reports.
        migrations.register("tessera.jobs.v2") { db in
            try await db.execute("ALTER TABLE \(table) ADD COLUMN requestID TEXT")
        }
        // The span context of the request that enqueued the job, when the site traces: the
        // job's span links to it (`SiteTracing.carriedContext()`).
        migrations.register("tessera.jobs.v3") { db in
            try await db.execute("ALTER TABLE \(table) ADD COLUMN traceContext TEXT")
        }
    }

    // MARK: - Enqueueing

    /// Adds `job` in `db`'s open write transaction — an action's, so the job exists only if the
    /// action commits. It runs from `at` (default now). With a `uniqueKey`, it is added only if
    /// no job with that key is waiting, running or failed; returns whether it was added. Enqueued
    /// while a request runs, the job carries the request's id (``JobContext/requestID``), and,
    /// when the site traces, its span's context, which the job's span links to.
    @discardableResult
    public static func enqueue<J: Job>(_ job: J, in db: SQLConnection, at date: Date? = nil, uniqueKey: String? = nil) async throws -> Bool {
        let arguments = String(decoding: try JSONEncoder().encode(job), as: UTF8.self)
        let now = Date().timeIntervalSince1970
        let telemetry = SiteTelemetry.current
        let added = try await db.execute(
            """
            INSERT INTO \(table) (name, arguments, runAt, enqueuedAt, maxAttempts, uniqueKey, requestID, traceContext)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uniqueKey) DO NOTHING
            """,
            [
                J.name, arguments, date?.timeIntervalSince1970 ?? now, now, J.maxAttempts, uniqueKey, RequestLog.current?.requestID,
                telemetry?.tracing?.carriedContext(),
            ]) == 1
        if added {
            try await announce(in: db)
            telemetry?.metrics?.recordJob(J.name, .enqueued)
        }
        return added
    }

    /// Tells idle workers in every process, at the commit of `db`'s transaction, that a job may
    /// be ready (`TesseraDatabase.commits`): on PostgreSQL a notice on
    /// `ChangeTriggers.channel`; on SQLite every commit rings the database's bell already.
    static func announce(in db: SQLConnection) async throws {
        guard db.dialect == .postgres else { return }
        try await db.execute("SELECT pg_notify(?, ?)", [ChangeTriggers.channel, table])
    }

    /// Adds `job` in a transaction of its own (see ``enqueue(_:in:at:uniqueKey:)``).
    @discardableResult
    package func enqueue<J: Job>(_ job: J, at date: Date? = nil, uniqueKey: String? = nil) async throws -> Bool {
        try await database.write { db in try await Self.enqueue(job, in: db, at: date, uniqueKey: uniqueKey) }
    }

    // MARK: - Claiming

    /// A job a worker took.
    struct Claimed: Sendable {
        let id: Int64
        let name: String
        let arguments: String
        let attempts: Int
        let maxAttempts: Int
        /// The id of the request that enqueued it, if one did.
        var requestID: String? = nil
        /// When it was due (seconds since 1970).
        var runAt: Double = 0
        /// The span context of the request that enqueued it, when that request was traced.
        var traceContext: String? = nil
    }

    /// Takes up to `limit` ready jobs for `claim` until `leaseEnd`: first a read (most polls
    /// find nothing, and then take no write turn), then one statement.
    func claim(limit: Int, claim: String, now: Date, leaseEnd: Date) async throws -> [Claimed] {
        let time = now.timeIntervalSince1970
        let ready = "failedAt IS NULL AND runAt <= ? AND (lockedUntil IS NULL OR lockedUntil < ?)"
        let any = try await database.read { db in
            try await db.fetchValue(Int64.self, "SELECT id FROM \(Self.table) WHERE \(ready) LIMIT 1", [time, time])
        }
        guard any != nil else { return [] }
        return try await database.write { db in
            let skipLocked = db.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
            return try await db.fetchAll(
                """
                UPDATE \(Self.table) SET lockedBy = ?, lockedUntil = ?, attempts = attempts + 1
                WHERE id IN (SELECT id FROM \(Self.table) WHERE \(ready) ORDER BY runAt, id LIMIT ?\(skipLocked))
                RETURNING id, name, arguments, attempts, maxAttempts, requestID, runAt, traceContext
                """, [claim, leaseEnd.timeIntervalSince1970, time, time, limit]
            ) { row in
                Claimed(
                    id: try row[0], name: try row[1], arguments: try row[2], attempts: try row[3], maxAttempts: try row[4],
                    requestID: try row[5], runAt: try row[6], traceContext: try row[7])
            }
        }
    }

    /// When the soonest job that is not ready now will be: its `runAt`, or the end of the lease
    /// that holds it (its process may have died). Nil when no job waits.
    func nextReady() async throws -> Date? {
        let time = try await database.read { db in
            try await db.fetchOne(
                "SELECT MIN(CASE WHEN lockedUntil > runAt THEN lockedUntil ELSE runAt END) FROM \(Self.table) WHERE failedAt IS NULL"
            ) { row -> Double? in try row[0] }
        }
        return (time ?? nil).map { Date(timeIntervalSince1970: $0) }
    }

    // MARK: - Ending a try

    /// Deletes job `id` if `claim` still holds it, in `db`'s transaction; false when the lease
    /// was lost.
    static func finish(_ id: Int64, claim: String, in db: SQLConnection) async throws -> Bool {
        try await db.execute("DELETE FROM \(table) WHERE id = ? AND lockedBy = ?", [id, claim]) == 1
    }

    /// Ends a try that did not complete through ``JobContext/complete(_:)``.
    func finish(_ id: Int64, claim: String) async throws {
        _ = try await database.write { db in try await Self.finish(id, claim: claim, in: db) }
    }

    /// Records a failed try of job `id`: it waits `retryAfter` and is tried again, or — nil — is
    /// kept as failed.
    func fail(_ id: Int64, claim: String, error: String, retryAfter: Duration?, now: Date) async throws {
        let time = now.timeIntervalSince1970
        let message = String(error.prefix(2000))
        try await database.write { db in
            if let retryAfter {
                try await db.execute(
                    "UPDATE \(Self.table) SET lockedBy = NULL, lockedUntil = NULL, runAt = ?, lastError = ? WHERE id = ? AND lockedBy = ?",
                    [time + Double(retryAfter.nanoseconds) / 1e9, message, id, claim])
            } else {
                try await db.execute(
                    "UPDATE \(Self.table) SET lockedBy = NULL, lockedUntil = NULL, failedAt = ?, lastError = ? WHERE id = ? AND lockedBy = ?",
                    [time, message, id, claim])
            }
        }
    }

    /// Gives job `id` back untried (its worker is shutting down): ready at once, the try not
    /// counted.
    func release(_ id: Int64, claim: String) async throws {
        try await database.write { db in
            try await db.execute(
                "UPDATE \(Self.table) SET lockedBy = NULL, lockedUntil = NULL, attempts = attempts - 1 WHERE id = ? AND lockedBy = ?",
                [id, claim])
            try await Self.announce(in: db)
        }
    }

    /// Extends `claim`'s lease on job `id` to `leaseEnd`.
    func renew(_ id: Int64, claim: String, until leaseEnd: Date) async throws {
        try await database.write { db in
            try await db.execute(
                "UPDATE \(Self.table) SET lockedUntil = ? WHERE id = ? AND lockedBy = ?", [leaseEnd.timeIntervalSince1970, id, claim])
        }
    }

    // MARK: - Failed jobs

    /// A job whose tries are used up.
    package struct Failed: Sendable, Equatable {
        /// Its id.
        package let id: Int64
        /// Its name.
        package let name: String
        /// Its arguments, as stored (JSON).
        package let arguments: String
        /// How many times it was tried.
        package let attempts: Int
        /// When its last try failed.
        package let failedAt: Date
        /// What its last try threw.
        package let lastError: String
    }

    /// The failed jobs, oldest failure first.
    package func failed() async throws -> [Failed] {
        try await database.read { db in
            try await db.fetchAll(
                "SELECT id, name, arguments, attempts, failedAt, lastError FROM \(Self.table) WHERE failedAt IS NOT NULL ORDER BY failedAt, id"
            ) { row in
                Failed(
                    id: try row[0], name: try row[1], arguments: try row[2], attempts: try row[3],
                    failedAt: Date(timeIntervalSince1970: try row[4]), lastError: try row[5] ?? "")
            }
        }
    }

    /// Makes the failed jobs `ids` (nil: every failed job) ready again, with their tries
    /// counted from zero; returns how many.
    @discardableResult
    package func retry(_ ids: [Int64]? = nil) async throws -> Int {
        let now = Date().timeIntervalSince1970
        return try await database.write { db in
            try await Self.announce(in: db)
            guard let ids else {
                return try await db.execute(
                    "UPDATE \(Self.table) SET failedAt = NULL, attempts = 0, runAt = ? WHERE failedAt IS NOT NULL", [now])
            }
            var count = 0
            for id in ids {
                count += try await db.execute(
                    "UPDATE \(Self.table) SET failedAt = NULL, attempts = 0, runAt = ? WHERE id = ? AND failedAt IS NOT NULL", [now, id])
            }
            return count
        }
    }

    /// Deletes the failed jobs whose last try failed before `date` (nil: every failed job);
    /// returns how many.
    @discardableResult
    package func purgeFailed(before date: Date?) async throws -> Int {
        try await database.write { db in try await Self.purgeFailed(before: date, in: db) }
    }

    /// ``purgeFailed(before:)`` in `db`'s open write transaction.
    static func purgeFailed(before date: Date?, in db: SQLConnection) async throws -> Int {
        guard let date else { return try await db.execute("DELETE FROM \(table) WHERE failedAt IS NOT NULL") }
        return try await db.execute("DELETE FROM \(table) WHERE failedAt IS NOT NULL AND failedAt < ?", [date.timeIntervalSince1970])
    }

    /// How many jobs are waiting or running (not failed).
    public func pendingCount() async throws -> Int {
        try await database.read { db in
            try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM \(Self.table) WHERE failedAt IS NULL") ?? 0
        }
    }
}
