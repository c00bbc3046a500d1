import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization
import Tracing

// MARK: - JobWorker

/// Runs jobs in the background of a process: claims ready jobs (``JobQueue``) whenever it has a
/// free slot, up to ``SiteConfiguration/jobWorkers`` at once, and runs each by its registered
/// type. While nothing is ready it waits, without querying the jobs, until a commit may have
/// made one ready (an enqueue, a retry, a try given back, in any process: see
/// ``untilJobsMayBeReady(since:due:state:)``) or the soonest waiting one falls due; it queries at
/// most once per ``SiteConfiguration/jobPollInterval``.
///
/// A try holds a lease, renewed while it runs; a process that dies leaves its jobs to be taken
/// again when their leases end. On a graceful shutdown (SIGTERM) it claims nothing more and lets
/// the running tries finish; a try cancelled before it ends is given back untried.
struct JobWorker: Service {
    let site: Site
    let registry: JobRegistry
    let queue: JobQueue
    let slots: Int
    let pollInterval: Duration
    let lease: Duration
    /// This process, in the claims it takes (for a person reading `tessera_jobs`).
    let identity: String
    /// The longest an idle worker waits without looking at the jobs: a job inserted by a program
    /// that announces nothing (SQL typed in a shell) starts within it.
    let longestIdleWait: TimeInterval

    /// A worker for `site`'s jobs, with its configuration's settings (at least one slot when
    /// `runningAll`, whatever ``SiteConfiguration/jobWorkers`` says), looking at the jobs at
    /// least every `longestIdleWait` seconds.
    init(site: Site, runningAll: Bool = false, longestIdleWait: TimeInterval = 1) {
        self.site = site
        registry = JobRegistry(site.configuration.jobs + site.configuration.schedules.map(\.jobType))
        queue = JobQueue(database: site.database)
        slots = max(1, site.configuration.jobWorkers)
        pollInterval = site.configuration.jobPollInterval
        lease = site.configuration.jobLease
        identity = "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier)"
        self.longestIdleWait = longestIdleWait
    }

    // MARK: - Running

    /// Claims and runs jobs until a graceful shutdown, then waits for the running ones.
    func run() async throws {
        let state = WorkerState()
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                while !state.stopping.load(ordering: .acquiring), !Task.isCancelled {
                    let free = slots - state.running.load(ordering: .acquiring)
                    if free <= 0 {
                        try? await Task.sleep(for: .milliseconds(2))
                        continue
                    }
                    let claim = identity + "-" + Digests.randomHex(bytes: 8)
                    let now = Date()
                    let jobs: [JobQueue.Claimed]
                    let due: Date?
                    let seen = site.database.commits.count  // before the claim's read: a later commit wakes the wait
                    let lookedAt = ContinuousClock.now
                    do {
                        try site.database.lookForCommits()
                        jobs = try await queue.claim(limit: free, claim: claim, now: now, leaseEnd: now + Double(lease.nanoseconds) / 1e9)
                        due = jobs.isEmpty ? try await queue.nextReady() : nil
                    } catch {
                        site.logger.warning("jobs: claiming failed, trying again in a second: \(error)")
                        try? await Task.sleep(for: .seconds(1))  // the database is down: no log line every poll
                        continue
                    }
                    if jobs.isEmpty {
                        await untilJobsMayBeReady(since: seen, due: due, state: state)
                        try? await Task.sleep(until: lookedAt + pollInterval)  // commits close together: one look
                        continue
                    }
                    for job in jobs {
                        state.running.add(1, ordering: .acquiringAndReleasing)
                        group.addTask {
                            await perform(job, claim: claim)
                            state.running.subtract(1, ordering: .acquiringAndReleasing)
                            state.wake.ring()
                        }
                    }
                }
            }
        } onGracefulShutdown: {
            state.stopping.store(true, ordering: .releasing)
            state.wake.ring()
        }
    }

    // MARK: - Waiting

    /// Returns when a job may be ready: a commit was noticed since `seen`
    /// (`TesseraDatabase.commits`: an enqueue in any process announces itself), one of this
    /// worker's tries ended (a failed one may be due again), `due` (the soonest waiting job's
    /// time) passed, or ``longestIdleWait``; or when a shutdown begins.
    private func untilJobsMayBeReady(since seen: UInt64, due: Date?, state: WorkerState) async {
        let wait = min(due?.timeIntervalSinceNow ?? longestIdleWait, longestIdleWait)
        guard wait > 0 else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await site.database.commits.wait(past: seen, timeout: .seconds(wait)) }
            group.addTask { await state.wake.wait() }
            await group.next()
            group.cancelAll()
        }
    }

    /// How many tries run, whether a shutdown began, and what wakes an idle worker besides a
    /// commit (a try's end, the shutdown).
    private final class WorkerState: Sendable {
        let running = Atomic<Int>(0)
        let stopping = Atomic<Bool>(false)
        let wake = Doorbell()
    }

    // MARK: - One try

    /// Runs one try of `job` under `claim`, and records how it ended; when the site keeps
    /// metrics or traces, counts it (its wait since it was due, while it runs) and runs it in a
    /// span of its own, linked to the request that enqueued it.
    func perform(_ job: JobQueue.Claimed, claim: String) async {
        guard let telemetry = site.telemetry else {
            _ = await run(job, claim: claim)
            return
        }
        let name = label(of: job)
        let metrics = telemetry.metrics
        metrics?.recordJobWait(name, .milliseconds(Int64(((Date().timeIntervalSince1970 - job.runAt) * 1000).rounded())))
        metrics?.runningJobCount.add(1, ordering: .relaxed)
        defer { metrics?.runningJobCount.subtract(1, ordering: .relaxed) }
        try? await telemetry.bound {
            guard let tracing = telemetry.tracing else {
                _ = await run(job, claim: claim)
                return
            }
            var attributes: SpanAttributes = [:]
            attributes["tessera.job"] = name
            attributes["tessera.job.attempt"] = job.attempts
            if let requestID = job.requestID { attributes["tessera.request_id"] = requestID }
            try await tracing.span("job " + name, kind: .consumer, context: .topLevel, attributes: attributes) { span in
                if let carried = job.traceContext, let request = tracing.context(carriedIn: carried) {
                    span.addLink(SpanLink(context: request, attributes: [:]))
                }
                if let failure = await run(job, claim: claim) {  // recorded and retried already: the span says so
                    span.recordError(failure)
                    span.setStatus(SpanStatus(code: .error))
                }
            }
        }
    }

    /// `job`'s name as a metric's label: a registered type's name, else `unknown` (a row's name
    /// is anything a program wrote there).
    private func label(of job: JobQueue.Claimed) -> String {
        registry.type(named: job.name) == nil ? "unknown" : job.name
    }

    /// ``perform(_:claim:)`` without its metrics and span; returns the error a failed try
    /// recorded (nil when it finished, was given back, or lost its lease).
    private func run(_ job: JobQueue.Claimed, claim: String) async -> (any Error)? {
        guard let type = registry.type(named: job.name) else {
            let error = JobUnrunnable(reason: "no job named \(job.name) is registered with the app")
            await record(job, claim: claim, error: error, retryAfter: nil)
            return error
        }
        let decoded: any Job
        do {
            decoded = try registry.decode(type, job.arguments)
        } catch {
            let unrunnable = JobUnrunnable(reason: "its arguments do not decode as \(job.name): \(error)")
            await record(job, claim: claim, error: unrunnable, retryAfter: nil)
            return unrunnable
        }
        let completion = JobContext.Completion()
        let context = JobContext(
            site: site, id: job.id, attempt: job.attempts, claim: claim, completed: completion, requestID: job.requestID)
        let renewal = Task { [queue, lease] in
            while !Task.isCancelled {
                try await Task.sleep(for: lease / 3)
                try await queue.renew(job.id, claim: claim, until: Date() + Double(lease.nanoseconds) / 1e9)
            }
        }
        defer { renewal.cancel() }
        do {
            try await decoded.run(context)
            if !completion.isDone { try await queue.finish(job.id, claim: claim) }
            site.telemetry?.metrics?.recordJob(job.name, .completed)
        } catch let lost as JobLeaseLost {
            site.logger.warning("jobs: \(lost)")
        } catch where Task.isCancelled {
            try? await queue.release(job.id, claim: claim)
        } catch {
            let spent = job.attempts >= job.maxAttempts
            await record(job, claim: claim, error: error, retryAfter: spent ? nil : type.retryDelay(afterAttempt: job.attempts))
            return error
        }
        return nil
    }

    /// Records a failed try: tried again after `retryAfter`, or for good when nil (its tries are
    /// spent, or it can never run) — then the app's error reporters are told.
    private func record(_ job: JobQueue.Claimed, claim: String, error: any Error, retryAfter: Duration?) async {
        let message = String(describing: error)
        let metadata: Logger.Metadata? = job.requestID.map { ["request_id": .string($0)] }
        if retryAfter == nil {
            site.logger.error("jobs: \(job.name) \(job.id) failed for good after \(job.attempts) tries: \(message)", metadata: metadata)
        } else {
            site.logger.warning(
                "jobs: \(job.name) \(job.id) failed (try \(job.attempts) of \(job.maxAttempts)), tried again later: \(message)", metadata: metadata)
        }
        do {
            try await queue.fail(job.id, claim: claim, error: message, retryAfter: retryAfter, now: Date())
        } catch {
            site.logger.error("jobs: could not record the failure of \(job.name) \(job.id): \(error)")
        }
        site.telemetry?.metrics?.recordJob(label(of: job), retryAfter == nil ? .failed : .retried)
        guard retryAfter == nil else { return }
        await site.errorReporting.report(
            ErrorReport(origin: .job(name: job.name, id: job.id, attempt: job.attempts), requestID: job.requestID, memberID: nil, error: error))
    }
}

// MARK: - JobUnrunnable

/// A job that cannot run at all: its name is not registered, or its arguments do not decode.
struct JobUnrunnable: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

// MARK: - JobRegistry

/// The app's job types by name (and Tessera's own).
struct JobRegistry: Sendable {
    private let types: [String: any Job.Type]

    /// The registry of `types` and Tessera's own.
    init(_ types: [any Job.Type]) {
        var byName: [String: any Job.Type] = [:]
        for type in types + JobRegistry.builtIn { byName[type.name] = type }
        self.types = byName
    }

    /// Tessera's own jobs.
    static let builtIn: [any Job.Type] = [ProbeJob.self, MailJob.self, PasswordResetJob.self, AddressConfirmationJob.self, FailedJobsPurge.self]

    /// The type stored as `name`, or nil.
    func type(named name: String) -> (any Job.Type)? { types[name] }

    /// `arguments` (JSON) decoded as a `type`.
    func decode(_ type: any Job.Type, _ arguments: String) throws -> any Job {
        try Self.decode(type, Data(arguments.utf8))
    }

    private static func decode<J: Job>(_ type: J.Type, _ data: Data) throws -> any Job {
        try JSONDecoder().decode(type, from: data)
    }
}
