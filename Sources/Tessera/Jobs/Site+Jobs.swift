import Foundation

// MARK: - Running jobs now

extension Site {
    /// Runs this site's ready jobs in this task, one claim of up to ten at a time, until none is
    /// ready, and returns how many tries ran — what a test calls to see a job's effect without
    /// a worker running (as Oban's `drain_queue` and Rails' `perform_enqueued_jobs` do). A job
    /// that fails waits for its next try, which this does not wait for.
    @discardableResult
    public func drainJobs() async throws -> Int {
        let worker = JobWorker(site: self, runningAll: true)
        var tries = 0
        while true {
            let claim = "drain-" + Digests.randomHex(bytes: 8)
            let now = Date()
            let jobs = try await worker.queue.claim(limit: 10, claim: claim, now: now, leaseEnd: now + Double(worker.lease.nanoseconds) / 1e9)
            guard !jobs.isEmpty else { return tries }
            for job in jobs { await worker.perform(job, claim: claim) }
            tries += jobs.count
        }
    }
}
