import Foundation
import Logging
import TesseraTesting

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// A job whose effect is a row of `job_effect`, written with its completion.
struct RecordJob: Job {
    let key: Int
    func run(_ context: JobContext) async throws {
        try await context.complete { db in try await db.execute("INSERT INTO job_effect (key) VALUES (?)", [key]) }
    }
}

/// A job that always fails, tried twice with no wait between.
struct FailingJob: Job {
    static var maxAttempts: Int { 2 }
    static func retryDelay(afterAttempt attempt: Int) -> Duration { .zero }
    let reason: String
    func run(_ context: JobContext) async throws { throw JobFixtures.Refusal(reason: reason) }
}

/// A job that fails on its first try only.
struct FlakyJob: Job {
    static func retryDelay(afterAttempt attempt: Int) -> Duration { .zero }
    let key: Int
    func run(_ context: JobContext) async throws {
        if context.attempt == 1 { throw JobFixtures.Refusal(reason: "first try") }
        try await context.complete { db in try await db.execute("INSERT INTO job_effect (key) VALUES (?)", [key]) }
    }
}

/// Sites and workers for the job tests.
enum JobFixtures {
    struct Refusal: Error { let reason: String }

    /// The test's table of effects.
    static func migrations(_ migrations: inout Migrations) {
        migrations.register("job-effects") { db in try await db.execute("CREATE TABLE job_effect (key INTEGER NOT NULL)") }
    }

    /// A site on `location` (a process of its own: its own pool) running the fixture jobs, with
    /// leases of `lease`.
    static func site(
        _ location: DatabaseLocation, lease: Duration = .seconds(60), schedules: [Schedule] = [], errorReporters: [any ErrorReporter] = []
    ) async throws -> Site {
        let database = try await TesseraDatabase.open(location, migrations: migrations)
        var configuration = SiteConfiguration()
        configuration.jobs = [RecordJob.self, FailingJob.self, FlakyJob.self]
        configuration.schedules = schedules
        configuration.jobLease = lease
        configuration.jobPollInterval = .milliseconds(10)
        configuration.errorReporters = errorReporters
        var logger = Logger(label: "jobs-test")
        logger.logLevel = .critical
        return try await Site(configuration: configuration, templates: try TemplateLibrary(sources: []), database: database, logger: logger)
    }

    /// Runs `sites`' workers until no job is waiting or running (at most `timeout`), then stops them.
    static func work(_ sites: [Site], timeout: Duration = .seconds(60)) async throws {
        let workers = sites.map { site in Task { try await JobWorker(site: site).run() } }
        defer { for worker in workers { worker.cancel() } }
        let queue = JobQueue(database: sites[0].database)
        let deadline = ContinuousClock.now + timeout
        while try await queue.pendingCount() > 0 {
            guard ContinuousClock.now < deadline else { throw Refusal(reason: "jobs still pending after \(timeout)") }
            try await Task.sleep(for: .milliseconds(10))
        }
        for worker in workers {
            worker.cancel()
            _ = try? await worker.value
        }
    }

    /// Runs `body` while `site`'s worker runs, and its database's notices are listened for (as
    /// the served app's services do). The worker never looks at the jobs on a timer: only a
    /// commit's notice, a try's end or a job's due time wake it.
    static func whileWorking(_ site: Site, _ body: () async throws -> Void) async throws {
        let listening = Task { await site.database.listenForChanges() }
        let worker = Task { try await JobWorker(site: site, longestIdleWait: 3600).run() }
        defer {
            worker.cancel()
            listening.cancel()
        }
        try await body()
    }

    /// Returns once `job_effect` holds `keys`; throws after `timeout` (default 5 s).
    static func until(_ database: TesseraDatabase, shows keys: [Int], timeout: Duration = .seconds(5)) async throws {
        try await until("effects \(keys)", timeout: timeout) { try await effects(database) == keys }
    }

    /// Returns once `condition` holds, looking every 10 ms; throws after `timeout`.
    static func until(_ what: String, timeout: Duration, _ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while try await !condition() {
            guard ContinuousClock.now < deadline else { throw Refusal(reason: "\(what) not seen after \(timeout)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The keys in `job_effect`, in order.
    static func effects(_ database: TesseraDatabase) async throws -> [Int] {
        try await database.read { db in try await db.fetchValues(Int.self, "SELECT key FROM job_effect ORDER BY key") }
    }
}
