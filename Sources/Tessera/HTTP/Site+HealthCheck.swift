import Hummingbird
import Synchronization

// MARK: - Health check

extension Site {
    /// Mounts `GET` and `HEAD` ``SiteConfiguration/healthCheckPath`` (`/up`), what a balancer or
    /// a release script asks whether this process should get requests: `200 up` while it serves
    /// and its database answers `SELECT 1` within ``SiteConfiguration/healthCheckDeadline``;
    /// `503` while it starts, once it drains (``ProcessHealth``), or when the database does not
    /// answer in time. Every answer is plain text and `Cache-Control: no-store`.
    ///
    /// Mount it before ``addMiddleware(to:)``, as the live streams are: a probe every second
    /// must cost no page, no session, no compression and no log line. Only a failing database
    /// is logged (a warning); a draining process's 503 is its purpose, and not logged.
    func mountHealthCheck(on router: some RouterMethods<TesseraRequestContext>) {
        guard let path = configuration.healthCheckPath else { return }
        let answer: @Sendable () async -> Response = { [self] in await healthAnswer() }
        router.get(RouterPath(path)) { _, _ in await answer() }
        router.head(RouterPath(path)) { _, _ in await answer().createHeadResponse() }
    }

    /// The health check's answer now.
    func healthAnswer() async -> Response {
        switch health.phase {
        case .starting: return Self.healthResponse(.serviceUnavailable, "starting")
        case .draining: return Self.healthResponse(.serviceUnavailable, "draining")
        case .serving: break
        }
        let database = self.database
        if let problem = await Self.firstAnswer(within: configuration.healthCheckDeadline, {
            _ = try await database.read { db in try await db.fetchValue(Int.self, "SELECT 1") }
        }) {
            logger.warning("GET \(configuration.healthCheckPath ?? "") 503: the database \(problem)")
            return Self.healthResponse(.serviceUnavailable, "database: \(problem)")
        }
        return Self.healthResponse(.ok, "up")
    }

    /// A plain-text health answer that no cache keeps.
    private static func healthResponse(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
    }

    /// Runs `work` and returns nil when it ends within `deadline`, or else what went wrong (its
    /// error, or that it did not answer in time; `work` is cancelled and not waited for).
    static func firstAnswer(within deadline: Duration, _ work: @escaping @Sendable () async throws -> Void) async -> String? {
        let race = AnswerRace()
        return await withCheckedContinuation { continuation in
            race.begin(continuation)
            let probe = Task {
                do {
                    try await work()
                    race.answer(nil)
                } catch {
                    race.answer("failed: \(error)")
                }
            }
            race.setTimer(
                Task {
                    guard (try? await Task.sleep(for: deadline)) != nil else { return }
                    probe.cancel()
                    race.answer("did not answer within \(deadline)")
                })
        }
    }
}

// MARK: - AnswerRace

/// A probe racing its deadline: the first answer resumes the waiting task, and ends the timer.
private final class AnswerRace: Sendable {
    private let state = Mutex<(waiting: CheckedContinuation<String?, Never>?, timer: Task<Void, Never>?, answered: Bool)>((nil, nil, false))

    func begin(_ continuation: CheckedContinuation<String?, Never>) { state.withLock { $0.waiting = continuation } }

    func setTimer(_ timer: Task<Void, Never>) {
        let answered = state.withLock { state in
            state.timer = timer
            return state.answered
        }
        if answered { timer.cancel() }
    }

    func answer(_ value: String?) {
        let (waiting, timer) = state.withLock { state in
            defer { (state.waiting, state.timer, state.answered) = (nil, nil, true) }
            return (state.waiting, state.timer)
        }
        waiting?.resume(returning: value)
        timer?.cancel()
    }
}
