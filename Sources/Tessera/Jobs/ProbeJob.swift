import Foundation

// MARK: - ProbeJob

/// Tessera's own job for measuring a deployment's queue (`tessera jobs probe`): it does nothing
/// but record, with its completion (``JobContext/complete(_:)``), when it was enqueued and when
/// it started — so the throughput, the wait before a start, and that no job ran twice or was
/// lost can be read from `tessera_job_probes`.
struct ProbeJob: Job {
    static var name: String { "tessera.probe" }
    static var maxAttempts: Int { 3 }

    /// When it was enqueued (seconds since 1970).
    let enqueuedAt: Double
    /// Which batch of probes it belongs to.
    let batch: String
    /// How long it works before it records itself, in milliseconds (`jobs probe --hold`), or nil
    /// for not at all: a job still running when a test stops its process.
    var holdMilliseconds: Int?

    func run(_ context: JobContext) async throws {
        let started = Date().timeIntervalSince1970
        if let holdMilliseconds { try await Task.sleep(for: .milliseconds(holdMilliseconds)) }
        try await context.complete { db in
            try await db.execute(
                "INSERT INTO \(Self.table) (jobID, batch, enqueuedAt, startedAt, finishedAt) VALUES (?, ?, ?, ?, ?)",
                [context.id, batch, enqueuedAt, started, Date().timeIntervalSince1970])
        }
    }

    static let table = "tessera_job_probes"

    static func registerMigration(in migrations: inout Migrations) {
        migrations.register("tessera.job-probes.v1") { db in
            try await db.execute(
                """
                CREATE TABLE \(table) (jobID BIGINT NOT NULL, batch TEXT NOT NULL, enqueuedAt DOUBLE PRECISION NOT NULL,
                  startedAt DOUBLE PRECISION NOT NULL, finishedAt DOUBLE PRECISION NOT NULL)
                """)
        }
    }
}
