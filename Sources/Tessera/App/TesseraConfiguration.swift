import Foundation
import Tracing

// MARK: - TesseraConfiguration

/// How an app runs: address, files, mode, timeouts. Every field has a default fit for
/// `swift run`; the environment (`fromEnvironment(_:)`) and then command-line flags override
/// them, in that order.
public struct TesseraConfiguration: Sendable {
    /// Production or development.
    package enum Mode: String, Sendable, CaseIterable {
        /// Templates compiled once; error pages say nothing about causes.
        case production
        /// Templates reload when `Views/` changes and open pages are told to reload.
        case development
    }

    /// The address to listen on; default `127.0.0.1` (environment `HOST`).
    package var hostname = "127.0.0.1"
    /// The port; default 8080 (environment `PORT`).
    package var port = 8080
    /// The SQLite file, created, migrated and seeded at start-up; default `data/tessera.sqlite`
    /// (environment `TESSERA_DATABASE`). Its folder also holds the app's other data.
    public var databasePath = "data/tessera.sqlite"
    /// The templates; default `Views` (environment `TESSERA_VIEWS`).
    public var viewsDirectory = "Views"
    /// The static files; default `Public` (environment `TESSERA_PUBLIC`).
    package var publicDirectory = "Public"
    /// Production (default) or development (environment `TESSERA_ENV`).
    package var mode = Mode.production
    /// How long a connection may stay open without delivering a complete request head: counted
    /// from when it opened or from the end of its last response, and not restarted by the bytes
    /// of a head trickling in, so a client sending a header line now and then is closed on time.
    /// It covers both slow clients that never finish their headers and idle keep-alive
    /// connections. A request body must also keep arriving: the connection is closed when this
    /// long passes without a byte of it. Default 30 seconds (environment
    /// `TESSERA_CONNECTION_TIMEOUT`, flag `--connection-timeout`, in seconds).
    package var connectionTimeout: Duration = .seconds(30)
    /// The most connections served at once; a connection past it is closed as soon as it is
    /// accepted, and the open ones go on being served. Nil (default): the open-file limit less a
    /// reserve for everything else the process opens
    /// (``defaultMaxConnections(openFileLimit:databaseConnections:)``), read when the server is
    /// made, after `serve` has raised the limit. Environment `TESSERA_MAX_CONNECTIONS`, flag
    /// `--max-connections`, from 1 to 1,048,576.
    package var maxConnections: Int?
    /// How many jobs the process runs at once (``SiteConfiguration/jobWorkers``); 0 runs none.
    /// Nil (default): the site's default, 10. Environment `TESSERA_JOB_WORKERS`, flag
    /// `--job-workers`, from 0 to 1,000.
    package var jobWorkers: Int?
    /// The most live streams one viewer holds open in a process
    /// (``SiteConfiguration/maxLiveStreamsPerViewer``). Nil (default): the site's default, 8.
    /// Environment `TESSERA_LIVE_STREAMS_PER_VIEWER`, from 1 to 1,048,576.
    package var liveStreamsPerViewer: Int?
    /// The most live streams visitors from one address hold open in a process
    /// (``SiteConfiguration/maxLiveStreamsPerAddress``). Nil (default): the site's default, 64.
    /// Environment `TESSERA_LIVE_STREAMS_PER_ADDRESS`, from 1 to 1,048,576.
    package var liveStreamsPerAddress: Int?
    /// How long a job's try holds it before another process may take it
    /// (``SiteConfiguration/jobLease``). Nil (default): the site's default, 60 s. Environment
    /// `TESSERA_JOB_LEASE`, flag `--job-lease`, in seconds (more than 0, at most 86,400).
    package var jobLease: Duration?
    /// The SMTP server mail goes through (``SiteConfiguration/mailDelivery``): environment
    /// `TESSERA_SMTP_URL` (`smtp://HOST[:PORT]`, `smtp://USER:PASSWORD@HOST[:PORT]` or
    /// `smtps://…`, see ``SMTPServer``), with `TESSERA_SMTP_CA` naming a PEM file of authorities
    /// to trust instead of the system's. Nil (default): mail is caught in development and not
    /// sent otherwise.
    package var smtpServer: SMTPServer?
    /// Whether mail is kept in the process's memory instead of sent (``MailDelivery/caught``):
    /// `TestApp` turns it on, so tests read what was sent. Development mode catches mail too
    /// (shown at `/_tessera/mail`) unless ``smtpServer`` is set. Default off.
    package var catchesMail = false
    /// Who the site's mail is from (``SiteConfiguration/mailFrom``): environment
    /// `TESSERA_MAIL_FROM`, an address. Nil (default): `no-reply@` the public address's host.
    package var mailFrom: MailAddress?
    /// The address people reach the site at, which links in mail start with
    /// (``SiteConfiguration/publicURL``): `http://` or `https://`, a host and an optional port,
    /// no path. Environment `TESSERA_PUBLIC_URL`, flag `--public-url`. Nil (default): made from
    /// ``hostname``, ``port`` and ``usesTLS``, right for a developer's machine only; set it
    /// behind a proxy. The request's `Host` header is never used: anyone can send any.
    package var publicURL: String?
    /// Whether ``TesseraApp/makeApplication(_:logger:services:onServerRunning:)`` raises the
    /// process's soft open-file limit to its hard limit (at most 1,048,576) before opening
    /// anything; `serve` sets it. Off by default: tests and embedding code keep their process's
    /// limit.
    var raisesOpenFileLimit = false
    /// A header a trusted reverse proxy sets to the client's address (`X-Forwarded-For`), used
    /// by sign-in throttling (`SiteConfiguration.clientAddressHeader`); default none, the
    /// connection's address (environment `TESSERA_CLIENT_ADDRESS_HEADER`). Set it only behind a
    /// proxy that overwrites the header, or clients can claim any address.
    public var clientAddressHeader: String?
    /// Whether browsers reach the site over HTTPS (directly or through a TLS proxy): `Secure`
    /// cookies and HSTS (``SiteConfiguration/usesTLS``). Default off (environment
    /// `TESSERA_SECURE=1`, flag `--secure`).
    package var usesTLS = false
    /// Whether public text responses are gzipped for clients that accept it
    /// (``SiteConfiguration/compressesResponses``). Default on (environment
    /// `TESSERA_COMPRESS=0`, flag `--no-compress`, turn it off behind a proxy that compresses).
    package var compressesResponses = true
    /// Whether components that allow it have their rendered fragment reused between requests
    /// (``Component/caching``, `SiteConfiguration.fragmentCacheLimit`). Default on
    /// (environment `TESSERA_FRAGMENT_CACHE=0`, flag `--no-fragment-cache`, for measuring a page
    /// as if every request loaded it). Development mode reuses nothing either way.
    public var reusesFragments = true
    /// How many threads read and write the sockets (NIO event loops); default half the cores,
    /// at least one (environment `TESSERA_EVENT_LOOPS`, flag `--event-loops`). Pages run on
    /// Swift's task pool, which already has a thread per core; event loops only move bytes, and
    /// more of them than that makes threads take turns on the cores mid-request.
    /// PostgreSQL's connections run on the same event loops: one set of I/O threads per
    /// process, so a page's statements wake no threads of their own.
    package var eventLoopThreads = TesseraConfiguration.defaultEventLoopThreads
    /// Half the active cores, at least one.
    package static var defaultEventLoopThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount / 2) }

    /// The connection cap for a process that may hold `openFileLimit` files and keeps
    /// `databaseConnections` connections to a database server (a PostgreSQL pool; 0 on SQLite):
    /// the limit less a reserve of max(128, limit / 8) files — for the SQLite files and their
    /// journals, the logs, static files being sent, the runtime's own descriptors, and the
    /// sockets accepted past the cap before they are closed — less the database's connections,
    /// and at least 1. Under `ulimit -n 1024` on SQLite: 896; with PostgreSQL's default pool of
    /// 10: 886. Under 1,048,576: 917,504.
    package static func defaultMaxConnections(openFileLimit: Int, databaseConnections: Int) -> Int {
        let reserve = max(128, openFileLimit / 8)
        return max(1, openFileLimit - reserve - max(0, databaseConnections))
    }
    /// How long a process keeps accepting requests after SIGTERM (or SIGINT), its health check
    /// already answering `503` (``SiteConfiguration/healthCheckPath``), so a balancer that polls
    /// it moves new requests elsewhere before the port closes. Nil (default): 5 seconds in
    /// production, none in development. Environment `TESSERA_DRAIN_GRACE`, flag `--drain-grace`,
    /// in seconds (0 to 86,400).
    package var drainGrace: Duration?
    /// How long, after the grace, a process has to finish what it holds — requests in flight,
    /// running jobs, queued analytics and log lines — before what is left is cancelled (a job
    /// cancelled is given back, untried) and it exits. Default 25 seconds (environment
    /// `TESSERA_DRAIN_TIMEOUT`, flag `--drain-timeout`, in seconds). A service manager's stop
    /// timeout should exceed the grace, this and a few seconds more (`TimeoutStopSec=45`).
    package var drainTimeout: Duration = .seconds(25)
    /// How long failed jobs are kept before they are deleted
    /// (``SiteConfiguration/failedJobRetention``). Nil (default): the site's default, 30 days.
    /// Environment `TESSERA_FAILED_JOB_RETENTION`, in days (more than 0, decimals allowed), or
    /// `forever`.
    package var failedJobRetention: Duration??
    /// How `serve` writes its log: swift-log's text lines (default) or one JSON object per line
    /// (``LogFormat/json``). Environment `TESSERA_LOG_FORMAT`, flag `--log-format`.
    package var logFormat = LogFormat.text
    /// The port of the metrics server: nil (default) keeps no metrics at all; a port turns
    /// ``SiteConfiguration/metrics`` on and serves them at `http://127.0.0.1:PORT/metrics` in
    /// Prometheus' text format, on the loopback address only, never the site's port
    /// (environment `TESSERA_METRICS_PORT`, flag `--metrics-port`, 1 to 65535).
    package var metricsPort: Int?
    /// Where the site's spans go (``SiteConfiguration/tracer``): `serve` sets swift-otel's when
    /// built with the `OTLP` trait and `OTEL_EXPORTER_OTLP_ENDPOINT` is set. Nil: none.
    package var tracer: (any Tracer)?
    /// ``drainGrace``, or its default for the mode.
    package var resolvedDrainGrace: Duration { drainGrace ?? (isDevelopment ? .zero : .seconds(5)) }

    /// The clock an app hands its services (see ``TesseraApp/services(_:)``); default the
    /// system's. Tests fix it.
    public var now: @Sendable () -> Date = { Date() }

    /// The site's time zone: a form drawn from a record (``ModelForm``) shows and reads dates and
    /// times in it unless the viewer's is given (``ComponentScope/changes(to:layout:timeZone:)``);
    /// they are stored in UTC. Default UTC.
    package var timeZone = TimeZone(identifier: "UTC")!

    /// Whether `mode` is development.
    public var isDevelopment: Bool {
        get { mode == .development }
        set { mode = newValue ? .development : .production }
    }

    /// The folder the database lives in: the app's data folder.
    package var dataDirectory: String { URL(fileURLWithPath: databasePath).deletingLastPathComponent().path }

    /// The defaults.
    public init() {}
}
