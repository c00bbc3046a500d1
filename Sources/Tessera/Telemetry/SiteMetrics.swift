import CoreMetrics
import Prometheus
import Synchronization
import TesseraSQL

// MARK: - SiteMetrics

/// A site's metrics (``SiteConfiguration/metrics``), through swift-metrics into a Prometheus
/// registry the site owns: no process-wide bootstrap, so every site of a test process (and
/// every app in one) keeps its own series. The registry is read in Prometheus' text format by
/// `MetricsServer` (`serve --metrics-port`).
///
/// Every label has a bounded set of values: route *patterns* (`/blogs/{id}`, or `unmatched`),
/// methods (the standard ones, else `OTHER`), status classes (`2xx`…), the site's database
/// kind, component and job type names. A raw path, an id or a query never becomes a label.
package final class SiteMetrics: Sendable {
    /// Where every series is kept.
    package let registry: PrometheusCollectorRegistry
    /// swift-metrics' factory onto ``registry``.
    let factory: PrometheusMetricsFactory

    /// Requests' counters and latency, by route, method and status class.
    private let requestSeries = Mutex<[RequestKey: RequestSeries]>([:])
    /// Reuse lookups by component type.
    private let reuseSeries = Mutex<[String: ReuseSeries]>([:])
    /// Jobs' series by job type.
    private let jobSeries = Mutex<[String: JobSeries]>([:])
    /// The statements on the site's database.
    let statements: StatementSeries

    /// Connections open and refused (read from the server when scraped).
    let openConnections: CoreMetrics.Meter
    let refusedConnections: CoreMetrics.Counter
    /// Live streams open, renders made for them and writes they looked at (renders per write is
    /// the ratio of their rates).
    let openLiveStreams: CoreMetrics.Meter
    let liveRenders: CoreMetrics.Counter
    let liveWrites: CoreMetrics.Counter
    /// Job tries running in this process, and their count.
    let runningJobs: CoreMetrics.Meter
    let runningJobCount = Atomic<Int>(0)
    /// Mail handed to the server, and mail it refused or could not take.
    let mailSent: CoreMetrics.Counter
    let mailFailed: CoreMetrics.Counter
    /// What was already added to the counters read from elsewhere when scraped.
    private let synced = Mutex<(refused: Int, renders: Int, writes: Int)>((0, 0, 0))

    /// The buckets of every latency histogram: 0.5 ms to 10 s.
    static let buckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .microseconds(2500), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .microseconds(2_500_000),
        .seconds(5), .seconds(10),
    ]

    /// A new registry and its fixed series, for a site on a `database` of that kind.
    package init(database: SQLDialect) {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.buckets
        self.registry = registry
        self.factory = factory
        statements = StatementSeries(database, factory: factory)
        openConnections = CoreMetrics.Meter(label: "tessera_connections_open", factory: factory)
        refusedConnections = CoreMetrics.Counter(label: "tessera_connections_refused_total", factory: factory)
        openLiveStreams = CoreMetrics.Meter(label: "tessera_live_streams_open", factory: factory)
        liveRenders = CoreMetrics.Counter(label: "tessera_live_renders_total", factory: factory)
        liveWrites = CoreMetrics.Counter(label: "tessera_live_writes_total", factory: factory)
        runningJobs = CoreMetrics.Meter(label: "tessera_jobs_running", factory: factory)
        mailSent = CoreMetrics.Counter(label: "tessera_mail_sent_total", factory: factory)
        mailFailed = CoreMetrics.Counter(label: "tessera_mail_failed_total", factory: factory)
    }

    // MARK: - Requests

    /// A request's labels.
    struct RequestKey: Hashable, Sendable {
        let route: String
        let method: String
        let statusClass: Int
    }

    /// A request label set's series.
    struct RequestSeries: Sendable {
        let count: CoreMetrics.Counter
        let latency: CoreMetrics.Timer
    }

    /// The route label of a request Hummingbird matched to `endpoint`: the route's pattern, or
    /// `unmatched` when no route matched (Hummingbird says nil, or `NotFound`: a pattern starts
    /// with `/`).
    static func routeLabel(_ endpoint: String?) -> String {
        guard let endpoint, endpoint.hasPrefix("/") else { return "unmatched" }
        return endpoint
    }

    /// `method` as a label: a standard method's name, else `OTHER`.
    static func methodLabel(_ method: String) -> String {
        switch method {
        case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS": method
        default: "OTHER"
        }
    }

    /// Counts a request answered `status` after `elapsed`.
    func recordRequest(route: String?, method: String, status: Int, elapsed: Duration) {
        let key = RequestKey(route: Self.routeLabel(route), method: Self.methodLabel(method), statusClass: min(max(status / 100, 1), 5))
        let series = requestSeries.withLock { all in
            if let series = all[key] { return series }
            let labels = [("route", key.route), ("method", key.method), ("status", "\(key.statusClass)xx")]
            let series = RequestSeries(
                count: CoreMetrics.Counter(label: "tessera_http_requests_total", dimensions: labels, factory: factory),
                latency: CoreMetrics.Timer(label: "tessera_http_request_duration_seconds", dimensions: labels, factory: factory))
            all[key] = series
            return series
        }
        series.count.increment()
        series.latency.recordNanoseconds(elapsed.nanoseconds)
    }

    // MARK: - Statements

    /// One database's statement series.
    struct StatementSeries: Sendable {
        let count: CoreMetrics.Counter
        let failed: CoreMetrics.Counter
        let latency: CoreMetrics.Timer

        init(_ dialect: SQLDialect, factory: PrometheusMetricsFactory) {
            let labels = [("database", dialect.rawValue)]
            count = CoreMetrics.Counter(label: "tessera_sql_statements_total", dimensions: labels, factory: factory)
            failed = CoreMetrics.Counter(label: "tessera_sql_statement_errors_total", dimensions: labels, factory: factory)
            latency = CoreMetrics.Timer(label: "tessera_sql_statement_duration_seconds", dimensions: labels, factory: factory)
        }
    }

    /// Counts a statement on the site's database that took `elapsed`.
    func recordStatement(elapsed: Duration, failed: Bool) {
        statements.count.increment()
        if failed { statements.failed.increment() }
        statements.latency.recordNanoseconds(elapsed.nanoseconds)
    }

    // MARK: - Reuse

    /// One component type's reuse lookups.
    struct ReuseSeries: Sendable {
        let hits: CoreMetrics.Counter
        let misses: CoreMetrics.Counter
    }

    /// Counts a reuse lookup of a `component` (its type's name): a fragment `hit`, or a miss.
    func recordReuse(component: String, hit: Bool) {
        let series = reuseSeries.withLock { all in
            if let series = all[component] { return series }
            let series = ReuseSeries(
                hits: CoreMetrics.Counter(label: "tessera_reuse_lookups_total", dimensions: [("component", component), ("result", "hit")], factory: factory),
                misses: CoreMetrics.Counter(label: "tessera_reuse_lookups_total", dimensions: [("component", component), ("result", "miss")], factory: factory))
            all[component] = series
            return series
        }
        (hit ? series.hits : series.misses).increment()
    }

    // MARK: - Jobs

    /// One job type's series.
    struct JobSeries: Sendable {
        let enqueued: CoreMetrics.Counter
        let completed: CoreMetrics.Counter
        let failed: CoreMetrics.Counter
        let retried: CoreMetrics.Counter
        let wait: CoreMetrics.Timer
    }

    /// What happened to a job.
    enum JobEvent {
        case enqueued, completed, failed, retried
    }

    /// The series of jobs named `name`.
    private func jobs(_ name: String) -> JobSeries {
        jobSeries.withLock { all in
            if let series = all[name] { return series }
            let labels = [("job", name)]
            let series = JobSeries(
                enqueued: CoreMetrics.Counter(label: "tessera_jobs_enqueued_total", dimensions: labels, factory: factory),
                completed: CoreMetrics.Counter(label: "tessera_jobs_completed_total", dimensions: labels, factory: factory),
                failed: CoreMetrics.Counter(label: "tessera_jobs_failed_total", dimensions: labels, factory: factory),
                retried: CoreMetrics.Counter(label: "tessera_jobs_retried_total", dimensions: labels, factory: factory),
                wait: CoreMetrics.Timer(label: "tessera_job_wait_seconds", dimensions: labels, factory: factory))
            all[name] = series
            return series
        }
    }

    /// Counts `event` for a job named `name` (a registered job type's name).
    func recordJob(_ name: String, _ event: JobEvent) {
        let series = jobs(name)
        switch event {
        case .enqueued: series.enqueued.increment()
        case .completed: series.completed.increment()
        case .failed: series.failed.increment()
        case .retried: series.retried.increment()
        }
    }

    /// Notes that a job named `name` waited `wait` from when it was due until a worker took it.
    func recordJobWait(_ name: String, _ wait: Duration) {
        jobs(name).wait.recordNanoseconds(max(0, wait.nanoseconds))
    }

    // MARK: - Read when scraped

    /// Sets the series read from elsewhere when scraped: `connections` open and refused so far
    /// (nil when the site runs without a server), live streams and their renders and writes,
    /// and the job tries running.
    func sync(connections: (open: Int, refused: Int)?, liveStreams: Int, liveRenders renders: Int, liveWrites writes: Int) {
        if let connections { openConnections.set(connections.open) }
        openLiveStreams.set(liveStreams)
        runningJobs.set(runningJobCount.load(ordering: .relaxed))
        let added = synced.withLock { seen in
            let added = (max(0, (connections?.refused ?? seen.refused) - seen.refused), max(0, renders - seen.renders), max(0, writes - seen.writes))
            seen = (connections?.refused ?? seen.refused, renders, writes)
            return added
        }
        if added.0 > 0 { refusedConnections.increment(by: added.0) }
        if added.1 > 0 { liveRenders.increment(by: added.1) }
        if added.2 > 0 { liveWrites.increment(by: added.2) }
    }

    /// Every series in Prometheus' text format (version 0.0.4).
    package func exposition() -> String {
        registry.emitToString()
    }
}
