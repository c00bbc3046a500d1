import Foundation
import Tracing

// MARK: - SiteConfiguration

/// How a site is set up; every field has a default fit for `swift run`.
public struct SiteConfiguration: Sendable {
    /// The site's name: default page title and `Server` header. Default "Tessera".
    package var name = "Tessera"
    /// The layout scenes and error pages render in unless they choose another. An app sets it
    /// by declaring ``TesseraApp/layout`` (Tessera's own, `BuiltInTemplates.layout`, when it
    /// declares none). Default for a site made directly: `Layouts/Main` (``appLayout``), with
    /// Tessera's layout standing in when the templates lack it.
    package var defaultLayout: String? = SiteConfiguration.appLayout

    /// `Layouts/Main`: the app's own layout, by convention.
    package static let appLayout = "Layouts/Main"
    /// The components the layout holds on every page (``TesseraApp/layoutComposition``). Default
    /// none.
    package var layoutComposition: [ComponentSlot] = []
    /// Development mode: errors show details, templates reload. Default off.
    package var isDevelopment = false
    /// The folder static files are served from. Default `Public`.
    package var publicDirectory = "Public"
    /// The folder templates are loaded from. Default `Views`.
    package var viewsDirectory = "Views"

    /// Where scenes whose ``Scene/policy`` wants a member send visitors, with `next`
    /// appended; default none, and then visitors get a 403 page instead.
    package var signInPath: String?
    /// The app's members (``TesseraApp/members``), or nil; the members' pages and the `member`
    /// and `memberPages` globals read it.
    package var members: Members?
    /// The app's back office (``TesseraApp/backOffice``), or nil; its pages read it.
    package var backOffice: BackOffice?

    /// A header a trusted reverse proxy sets to the client's address (`X-Forwarded-For`,
    /// `X-Real-IP`), whose last entry `ClientAddress` then uses; default none (the connection's
    /// peer address). Set it only behind a proxy that always sets the header, or clients could
    /// choose their own address.
    package var clientAddressHeader: String?

    /// The most live streams (the event stream a page with live components follows) one viewer
    /// holds open in a process: a member by their id, a visitor by their signed cookie or, without
    /// one, their address. One past it is refused with a `429`, which the client script backs off
    /// from. Default 8, a few tabs' worth (`TesseraConfiguration.liveStreamsPerViewer`).
    public var maxLiveStreamsPerViewer = 8
    /// The most live streams visitors from one client address (``clientAddressHeader``) hold
    /// open in a process, whatever their cookies; members are counted by their id alone. Default
    /// 64 (``TesseraConfiguration/liveStreamsPerAddress``).
    package var maxLiveStreamsPerAddress = 64

    /// Whether browsers reach the site over HTTPS (directly or through a TLS proxy): cookies are
    /// marked `Secure` and every response carries `Strict-Transport-Security`. Default off; an
    /// app's command line sets it from `--secure` or `TESSERA_SECURE=1`
    /// (``TesseraConfiguration/usesTLS``).
    package var usesTLS = false
    /// Whether public text responses of 1 KiB or more are gzipped for clients that accept it
    /// (`CompressionMiddleware`). Default on. Compressing costs the server CPU per response and
    /// saves bandwidth, so it pays on slow networks, not on a fast one. Turn it off behind a
    /// proxy that compresses (nginx, Caddy).
    package var compressesResponses = true
    /// The site's time zone (``TesseraConfiguration/timeZone``): a record's form shows and reads
    /// dates and times in it unless the viewer's is given. Default UTC.
    package var timeZone = TimeZone(identifier: "UTC")!

    /// The most bytes of rendered fragments kept for components that allow their reuse
    /// (``Component/caching``), and as many of visitors' pages kept for scenes that allow it
    /// (``Scene/reusesVisitorPages``); 0 keeps none of either. Default 8 MiB. Development mode
    /// keeps none whatever this says.
    package var fragmentCacheLimit = 8 << 20
    /// How many analytics events may wait in memory for the background writer; past it, events
    /// are dropped, counted and logged (a page never waits). Default 10,000.
    package var analyticsQueueCapacity = 10_000
    /// How long a queued analytics event waits before the background writer stores it, with
    /// every event queued meanwhile, in one transaction (sooner when ``analyticsBatchSize``
    /// events wait). Default 0.5 s.
    package var analyticsFlushInterval: Duration = .milliseconds(500)
    /// How many queued analytics events make the background writer store them at once, without
    /// waiting out ``analyticsFlushInterval``. Default 500: a busy site stores small batches
    /// often rather than one large batch, which would take a core from pages for milliseconds
    /// at a time and show in their slowest responses.
    package var analyticsBatchSize = 500
    /// How long analytics events are kept before the background writer deletes them. Default
    /// 90 days.
    package var analyticsRetention: TimeInterval = 90 * 24 * 3600

    /// The app's job types (``TesseraApp/jobs``); the workers run only what is listed here (a
    /// schedule's job type is added with it).
    package var jobs: [any Job.Type] = []
    /// The app's schedules (``TesseraApp/schedules``).
    package var schedules: [Schedule] = []
    /// How many jobs a process runs at once; 0 runs none (the process serves pages only).
    /// Default 10.
    package var jobWorkers = 10
    /// The least time between two queries of the jobs by an idle worker: it queries when a
    /// commit is announced (an enqueue, in any process) or a waiting job falls due, and enqueues
    /// closer together than this are taken together. Default 50 ms.
    package var jobPollInterval: Duration = .milliseconds(50)
    /// How long a try holds its job before another process may take it (renewed while it runs,
    /// so only a dead or stalled process loses it). Default 60 s.
    package var jobLease: Duration = .seconds(60)

    /// How long a job whose tries are spent is kept (for `jobs failed` and `jobs retry`) before
    /// the scheduler deletes it, hourly; nil keeps failed jobs for good. Default 30 days
    /// (`TesseraConfiguration.failedJobRetention`).
    public var failedJobRetention: Duration? = .seconds(30 * 24 * 3600)

    /// How mail is delivered: default ``MailDelivery/off``; `serve --dev` catches it
    /// (``MailDelivery/caught``, shown at `/_tessera/mail`), `TESSERA_SMTP_URL` names a server.
    package var mailDelivery: MailDelivery = .off
    /// The domain of the Message-IDs of the mail the site sends. Default `localhost`; `serve`
    /// sets the public address's host.
    package var mailDomain = "localhost"
    /// Who the site's mail is from; nil (default) for `no-reply@` ``mailDomain``
    /// (``TesseraConfiguration/mailFrom``).
    package var mailFrom: MailAddress?
    /// The address people reach the site at, without a final `/`: links in mail start with it
    /// (``Site/absoluteURL(_:)``). Default `http://localhost:8080`; `serve` sets
    /// `TesseraConfiguration.publicURL`.
    public var publicURL = "http://localhost:8080"

    /// The path of the process's health check (`Site`'s `/up`): `200` while it serves and its
    /// database answers within ``healthCheckDeadline``, `503` while it starts or drains (see
    /// ``TesseraConfiguration/drainGrace``) or when its database does not answer; no page, no
    /// session, no log line, never cached. Nil mounts none. Default `/up`.
    package var healthCheckPath: String? = "/up"
    /// How long the health check waits for the database's answer before it says `503`. Default
    /// 2 seconds.
    package var healthCheckDeadline: Duration = .seconds(2)

    /// How the log is written (``TesseraConfiguration/logFormat``): with ``LogFormat/json`` each
    /// request's line carries its id, route pattern, status, duration, statement count and
    /// member as keys. Default ``LogFormat/text``.
    package var logFormat = LogFormat.text

    /// Who is told of every `5xx` answer and every job that failed for good
    /// (``TesseraApp/errorReporters``). Default none.
    package var errorReporters: [any ErrorReporter] = []

    /// Whether the site keeps metrics — requests by route pattern, method and status class with
    /// their latency; statements by database; reuse by component; connections, live streams,
    /// jobs and mail — for `serve --metrics-port` to publish in Prometheus' text format
    /// (``TesseraConfiguration/metricsPort``). Default off: a request then passes through no
    /// metrics code at all.
    package var metrics = false

    /// Where the site's spans go: one per request named by its route pattern, with children
    /// per component load, template render and statement (its table names, never its values),
    /// and a job's span linked to the request that enqueued it. Nil (default): no spans, and
    /// nothing paid for them. `serve` sets swift-otel's tracer when the app is built with the
    /// `OTLP` trait and `OTEL_EXPORTER_OTLP_ENDPOINT` names a collector; an app may set any
    /// swift-distributed-tracing `Tracer` (its tests, an in-memory one).
    package var tracer: (any Tracer)?

    /// The defaults.
    package init() {}
}
