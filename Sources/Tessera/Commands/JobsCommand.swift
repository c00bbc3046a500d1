import ArgumentParser
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

// MARK: - JobsCommand

/// `jobs`: the app's background work (``Job``). `jobs work` runs job workers (and the
/// scheduler) without serving pages; `jobs failed` lists the jobs whose tries are spent (or
/// deletes them, `--purge`) and `jobs retry` makes them ready again; `jobs probe` and `jobs probes` measure the queue with
/// Tessera's own probe job.
struct JobsCommand<App: TesseraApp>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "jobs", abstract: "Run, inspect and retry background jobs.",
            subcommands: [Work.self, Failed.self, Retry.self, Probe.self, Probes.self])
    }

    // MARK: - work

    /// `jobs work`: job workers and the scheduler until SIGTERM or SIGINT, which let the
    /// running jobs finish.
    struct Work: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(abstract: "Run job workers (and the app's schedules) without serving pages, until SIGTERM.")
        }

        @OptionGroup var options: AppOptions

        @Option(help: ArgumentHelp("Also take a probe schedule due every SECONDS, whose runs record how late each started (jobs probes schedule-SECONDS).", valueName: "seconds"))
        var probeEvery: Int?

        func run() async throws {
            do {
                let configuration = try options.configuration()
                var logger = Logger(label: App().name)
                logger.logLevel = configuration.isDevelopment ? .debug : .info
                let site = try await App().makeSite(configuration, logger: logger)
                var services = site.backgroundServices(runningJobs: true)
                if let probeEvery, probeEvery > 0 {
                    let probe = Schedule("tessera.probe-\(probeEvery)", every: .seconds(probeEvery)) { due in
                        ProbeJob(enqueuedAt: due.timeIntervalSince1970, batch: "schedule-\(probeEvery)")
                    }
                    services.append(Scheduler(site: site, schedules: [probe]))
                }
                logger.info("jobs: \(site.configuration.jobWorkers) workers on \(site.database.location)")
                let group = ServiceGroup(
                    configuration: .init(
                        services: services.map { .init(service: $0) }, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
                try await group.run()
            } catch {
                throw CommandFailure.report(error)
            }
        }
    }

    // MARK: - failed, retry

    /// `jobs failed`: one line per failed job; with `--purge`, deletes them instead (all, or
    /// those that failed more than `--older-than` days ago).
    struct Failed: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: "List the jobs whose tries are spent, oldest failure first; or delete them (--purge).",
                discussion: "Failed jobs are also deleted by the scheduler once older than $TESSERA_FAILED_JOB_RETENTION days (default 30).")
        }

        @OptionGroup var options: AppOptions
        @Flag(help: "Delete the failed jobs instead of listing them: all of them, or those --older-than says.") var purge = false
        @Option(help: ArgumentHelp("With --purge, only the jobs whose last try failed more than DAYS ago.", valueName: "days"))
        var olderThan: Double?

        func validate() throws {
            if olderThan != nil, !purge { throw ValidationError("--older-than goes with --purge") }
            if let olderThan, !(olderThan >= 0 && olderThan.isFinite) { throw ValidationError("--older-than must be a number of days, 0 or more") }
        }

        func run() async throws {
            let database = try await App().openDatabase(try options.configuration())
            defer { database.close() }
            if purge {
                let cutoff = olderThan.map { Date() - $0 * 86_400 }
                let count = try await JobQueue(database: database).purgeFailed(before: cutoff)
                print("\(count) failed job\(count == 1 ? "" : "s") deleted")
                return
            }
            let failed = try await JobQueue(database: database).failed()
            if failed.isEmpty { print("no failed jobs") }
            for job in failed {
                print("\(job.id)\t\(job.name)\t\(job.attempts) tries\t\(ISO8601DateFormatter().string(from: job.failedAt))\t\(job.lastError)")
            }
        }
    }

    /// `jobs retry`: failed jobs ready again.
    struct Retry: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(abstract: "Make failed jobs ready again: those named by id, or --all.")
        }

        @OptionGroup var options: AppOptions
        @Flag(help: "Every failed job.") var all = false
        @Argument(help: "The ids of the failed jobs.") var ids: [Int64] = []

        func validate() throws {
            guard all != !ids.isEmpty else { throw ValidationError("name failed jobs by id, or say --all") }
        }

        func run() async throws {
            let database = try await App().openDatabase(try options.configuration())
            defer { database.close() }
            let count = try await JobQueue(database: database).retry(all ? nil : ids)
            print("\(count) job\(count == 1 ? "" : "s") ready again")
        }
    }

    // MARK: - probe, probes

    /// `jobs probe`: enqueues probe jobs, 500 to a transaction, or one at a time `--gap` apart.
    struct Probe: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(abstract: "Enqueue probe jobs, which record when they were enqueued and started (see jobs probes).")
        }

        @OptionGroup var options: AppOptions
        @Option(help: "How many.") var count = 1000
        @Option(help: "The batch they belong to (default a new name, printed).") var batch: String?
        @Option(help: ArgumentHelp("How long each works before recording itself (default not at all).", valueName: "milliseconds"))
        var hold: Int?
        @Option(help: ArgumentHelp("Enqueue one at a time, each in its own transaction, this long apart, as an app's requests would (default all at once).", valueName: "milliseconds"))
        var gap: Int?

        func run() async throws {
            let database = try await App().openDatabase(try options.configuration())
            defer { database.close() }
            let name = batch ?? "probe-" + Digests.randomHex(bytes: 4)
            var left = count
            while left > 0 {
                if let gap, left < count { try await Task.sleep(for: .milliseconds(gap)) }
                let now = gap == nil ? min(left, 500) : 1
                try await database.write { db in
                    for _ in 0..<now {
                        try await JobQueue.enqueue(ProbeJob(enqueuedAt: Date().timeIntervalSince1970, batch: name, holdMilliseconds: hold), in: db)
                    }
                }
                left -= now
            }
            print(name)
        }
    }

    /// `jobs probes`: what the probes of a batch recorded.
    struct Probes: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(abstract: "Report a batch of probe jobs: how many ran, how many twice, their throughput and wait.")
        }

        @OptionGroup var options: AppOptions
        @Argument(help: "The batch.") var batch: String

        func run() async throws {
            let database = try await App().openDatabase(try options.configuration())
            defer { database.close() }
            let report = try await ProbeReport.read(batch: batch, in: database)
            print(report.description)
        }
    }
}
