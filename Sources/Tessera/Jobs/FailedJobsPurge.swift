import Foundation

// MARK: - FailedJobsPurge

/// Tessera's own job that deletes the failed jobs kept longer than
/// ``SiteConfiguration/failedJobRetention``, run hourly by one process (``schedule``) wherever
/// job workers run.
struct FailedJobsPurge: Job {
    static var name: String { "tessera.purge-failed-jobs" }
    static var maxAttempts: Int { 3 }

    /// When it was due.
    let due: Date

    func run(_ context: JobContext) async throws {
        guard let retention = context.site.configuration.failedJobRetention else {
            try await context.complete { _ in }
            return
        }
        let cutoff = due - Double(retention.nanoseconds) / 1e9
        let purged = try await context.complete { db in try await JobQueue.purgeFailed(before: cutoff, in: db) }
        if purged > 0 { context.site.logger.info("jobs: deleted \(purged) failed job\(purged == 1 ? "" : "s") kept longer than \(retention)") }
    }

    /// Its schedule: every hour.
    static let schedule = Schedule("tessera.purge-failed-jobs", every: .seconds(3600)) { due in FailedJobsPurge(due: due) }
}
