import Foundation

// MARK: - ProbeReport

/// What a batch of probe jobs (``ProbeJob``) recorded: how many ran, how many ran twice, the
/// throughput from the first start to the last finish, and the wait from enqueue to start.
struct ProbeReport: Sendable, CustomStringConvertible {
    /// Probe runs recorded.
    let runs: Int
    /// Distinct jobs among them.
    let jobs: Int
    /// Jobs of the batch still waiting, running or failed.
    let pending: Int
    /// Runs per second, from the first start to the last finish.
    let perSecond: Double
    /// Wait from enqueue to start, in milliseconds: median, 95th percentile, most.
    let waitMedian: Double, wait95: Double, waitMax: Double

    /// The report of `batch` in `database`.
    static func read(batch: String, in database: TesseraDatabase) async throws -> ProbeReport {
        try await database.read { db in
            let rows = try await db.fetchAll(
                "SELECT jobID, enqueuedAt, startedAt, finishedAt FROM \(ProbeJob.table) WHERE batch = ?", [batch]
            ) { row in (id: try row[0] as Int64, enqueued: try row[1] as Double, started: try row[2] as Double, finished: try row[3] as Double) }
            let pending = try await db.fetchValue(
                Int.self, "SELECT COUNT(*) FROM \(JobQueue.table) WHERE name = ? AND arguments LIKE ?", [ProbeJob.name, "%\"" + batch + "\"%"]) ?? 0
            let waits = rows.map { ($0.started - $0.enqueued) * 1000 }.sorted()
            func percentile(_ p: Double) -> Double { waits.isEmpty ? 0 : waits[min(waits.count - 1, Int(Double(waits.count) * p))] }
            let span = (rows.map(\.finished).max() ?? 0) - (rows.map(\.started).min() ?? 0)
            return ProbeReport(
                runs: rows.count, jobs: Set(rows.map(\.id)).count, pending: pending, perSecond: span > 0 ? Double(rows.count) / span : 0,
                waitMedian: percentile(0.5), wait95: percentile(0.95), waitMax: waits.last ?? 0)
        }
    }

    var description: String {
        String(
            format: "runs %d, jobs %d, doubled %d, pending %d, %.0f jobs/s, wait ms median %.1f p95 %.1f max %.1f", runs, jobs,
            runs - jobs, pending, perSecond, waitMedian, wait95, waitMax)
    }
}
