import ArgumentParser
import Foundation

// MARK: - AppOptions

/// The options every app command shares; each one, when given, wins over the environment.
struct AppOptions: ParsableArguments {
    @Option(help: "The address to listen on (default 127.0.0.1, or $HOST).")
    var hostname: String?

    @Option(help: "The port to listen on (default 8080, or $PORT).")
    var port: Int?

    @Option(
        help: """
            The database: a SQLite file, created if needed, or a PostgreSQL URL (postgres://USER[:PASSWORD]@HOST[:PORT]/DB, \
            or ?host=/socket/folder for the server's Unix socket); migrated and seeded if needed (default \
            data/tessera.sqlite, or $TESSERA_DATABASE).
            """)
    var db: String?

    @Option(help: "The folder of Mustache templates (default Views, or $TESSERA_VIEWS).")
    var views: String?

    @Option(name: .customLong("public"), help: "The folder of static files (default Public, or $TESSERA_PUBLIC).")
    var publicDirectory: String?

    @Option(help: "A header a trusted reverse proxy sets to the client's address, e.g. X-Forwarded-For (default none, or $TESSERA_CLIENT_ADDRESS_HEADER).")
    var clientAddressHeader: String?

    @Option(help: "The address people reach the site at, for links in mail: http(s)://HOST[:PORT] (default made from --hostname and --port, or $TESSERA_PUBLIC_URL).")
    var publicURL: String?

    @Flag(help: "The site is reached over HTTPS: Secure cookies and HSTS (or $TESSERA_SECURE=1).")
    var secure = false

    @Flag(help: "Send pages uncompressed, for a proxy that compresses them (or $TESSERA_COMPRESS=0).")
    var noCompress = false

    @Flag(help: "Load and render every page and component on every request, reusing no page or fragment (or $TESSERA_FRAGMENT_CACHE=0).")
    var noFragmentCache = false

    @Option(
        help:
            "Threads reading and writing sockets, the browsers' and PostgreSQL's, 1 to 256 (default half the cores, at least 1, or $TESSERA_EVENT_LOOPS)."
    )
    var eventLoops: Int?

    @Option(
        help:
            "Connections served at once, 1 to 1048576; one past it is closed at once (default the open-file limit less max(128, limit/8) and the PostgreSQL pool, or $TESSERA_MAX_CONNECTIONS)."
    )
    var maxConnections: Int?

    @Option(help: "Jobs run at once by this process, 0 to 1000; 0 runs none (default 10, or $TESSERA_JOB_WORKERS).")
    var jobWorkers: Int?

    @Option(help: ArgumentHelp("Seconds a job's try holds it before another process may take it (default 60, or $TESSERA_JOB_LEASE).", valueName: "seconds"))
    var jobLease: String?

    @Option(
        help: ArgumentHelp(
            "Seconds a connection has to send a whole request head, from its opening or its last response (default 30, or $TESSERA_CONNECTION_TIMEOUT).",
            valueName: "seconds"))
    var connectionTimeout: String?

    @Option(help: "How the log is written: text lines or one JSON object per line (default text, or $TESSERA_LOG_FORMAT).")
    var logFormat: LogFormat?

    @Option(help: "Serve metrics in Prometheus' text format at http://127.0.0.1:PORT/metrics, 1 to 65535 (default none, or $TESSERA_METRICS_PORT).")
    var metricsPort: Int?

    @Option(
        help: ArgumentHelp(
            "Seconds a process keeps accepting after SIGTERM while /up answers 503, so a balancer moves first (default 5, none with --dev, or $TESSERA_DRAIN_GRACE).",
            valueName: "seconds"))
    var drainGrace: String?

    @Option(
        help: ArgumentHelp(
            "Seconds a stopping process has, after the grace, to finish its requests and jobs before it gives them up (default 25, or $TESSERA_DRAIN_TIMEOUT).",
            valueName: "seconds"))
    var drainTimeout: String?

    @Option(help: "The site's time zone, in which forms show and read dates and times: an IANA name such as Europe/Berlin (default UTC, or $TESSERA_TIME_ZONE).")
    var timeZone: String?

    /// The configuration: defaults, then `environment` (default the process's), then these
    /// options.
    func configuration(environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> TesseraConfiguration
    {
        var configuration = try TesseraConfiguration.fromEnvironment(environment)
        if let hostname { configuration.hostname = hostname }
        if let port { configuration.port = port }
        if let db { configuration.databasePath = db }
        if let views { configuration.viewsDirectory = views }
        if let publicDirectory { configuration.publicDirectory = publicDirectory }
        if secure { configuration.usesTLS = true }
        if let publicURL {
            guard let checked = TesseraConfiguration.publicURL(publicURL) else {
                throw ValidationError("--public-url must be http(s)://HOST[:PORT] without a path, not \(publicURL)")
            }
            configuration.publicURL = checked
        }
        if noCompress { configuration.compressesResponses = false }
        if noFragmentCache { configuration.reusesFragments = false }
        if let clientAddressHeader { configuration.clientAddressHeader = clientAddressHeader }
        if let eventLoops {
            guard TesseraConfiguration.eventLoopRange.contains(eventLoops) else {
                throw ValidationError("--event-loops must be from 1 to 256, not \(eventLoops)")
            }
            configuration.eventLoopThreads = eventLoops
        }
        if let maxConnections {
            guard TesseraConfiguration.maxConnectionsRange.contains(maxConnections) else {
                throw ValidationError("--max-connections must be from 1 to 1048576, not \(maxConnections)")
            }
            configuration.maxConnections = maxConnections
        }
        if let jobWorkers {
            guard TesseraConfiguration.jobWorkersRange.contains(jobWorkers) else {
                throw ValidationError("--job-workers must be from 0 to 1000, not \(jobWorkers)")
            }
            configuration.jobWorkers = jobWorkers
        }
        if let jobLease { configuration.jobLease = try Self.seconds(jobLease, "--job-lease") }
        if let connectionTimeout { configuration.connectionTimeout = try Self.seconds(connectionTimeout, "--connection-timeout") }
        if let logFormat { configuration.logFormat = logFormat }
        if let metricsPort {
            guard (1...65535).contains(metricsPort) else { throw ValidationError("--metrics-port must be from 1 to 65535, not \(metricsPort)") }
            configuration.metricsPort = metricsPort
        }
        if let drainGrace { configuration.drainGrace = try Self.seconds(drainGrace, "--drain-grace", allowingZero: true) }
        if let drainTimeout { configuration.drainTimeout = try Self.seconds(drainTimeout, "--drain-timeout") }
        if let timeZone {
            guard let zone = TesseraConfiguration.timeZone(named: timeZone) else {
                throw ValidationError("--time-zone must name a time zone such as Europe/Berlin or UTC, not \(timeZone)")
            }
            configuration.timeZone = zone
        }
        return configuration
    }
}

extension LogFormat: ExpressibleByArgument {}

// MARK: - Durations

extension AppOptions {
    /// `text` seconds as the option `flag` takes them (more than 0, or 0 too when
    /// `allowingZero`, and at most a day), or an error naming the option.
    static func seconds(_ text: String, _ flag: String, allowingZero: Bool = false) throws -> Duration {
        guard let duration = TesseraConfiguration.duration(seconds: text, allowingZero: allowingZero) else {
            let range = allowingZero ? "from 0 to 86400" : "more than 0 and at most 86400"
            throw ValidationError("\(flag) must be a number of seconds \(range), not \(text)")
        }
        return duration
    }
}
