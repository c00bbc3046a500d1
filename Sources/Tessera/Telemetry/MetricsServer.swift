import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

// MARK: - MetricsServer

/// `serve --metrics-port PORT`: a small HTTP server of its own, on `127.0.0.1` only, answering
/// `GET /metrics` with the site's metrics in Prometheus' text format (version 0.0.4) and `404`
/// to anything else. Apart from the site's port, so the metrics are never public by accident
/// (a proxy in front of the site never reaches them), and a scrape passes through none of the
/// site's middleware, sessions or logs.
enum MetricsServer {
    /// The path Prometheus scrapes.
    static let path = "/metrics"
    /// Prometheus' text format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The server for `site`'s metrics on `127.0.0.1:port`, on the site's `eventLoops`, reading
    /// `connections` (the site's server's) at each scrape. `onServerRunning` is called once its
    /// port is open.
    static func application(
        site: Site, metrics: SiteMetrics, connections: OpenConnections?, port: Int, eventLoops: any EventLoopGroup, logger: Logger,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) -> some ApplicationProtocol & Service {
        Application(
            router: router(site: site, metrics: metrics, connections: connections),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "tessera-metrics"),
            onServerRunning: onServerRunning, eventLoopGroupProvider: .shared(eventLoops), logger: logger)
    }

    /// `GET /metrics` alone.
    static func router(site: Site, metrics: SiteMetrics, connections: OpenConnections?) -> Router<TesseraRequestContext> {
        let router = Router(context: TesseraRequestContext.self)
        router.get(RouterPath(path)) { _, _ -> Response in
            let text = site.scrapeMetrics(metrics, connections: connections)
            return Response(
                status: .ok, headers: [.contentType: contentType, .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
        return router
    }
}

// MARK: - Scraping

extension Site {
    /// `metrics` in Prometheus' text format, the series read from elsewhere brought up to date
    /// first: the open and refused `connections` of the site's server (nil: none), the live
    /// streams, their renders and the writes they looked at.
    func scrapeMetrics(_ metrics: SiteMetrics, connections: OpenConnections?) -> String {
        metrics.sync(
            connections: connections.map { ($0.current, $0.refusedSoFar) }, liveStreams: liveHub.openStreams,
            liveRenders: liveHub.renders, liveWrites: liveHub.writesSeen)
        return metrics.exposition()
    }

    /// The site's metrics in Prometheus' text format, as `/metrics` answers them (without the
    /// server's connections); nil when ``SiteConfiguration/metrics`` is off.
    package func metricsText() -> String? {
        telemetry?.metrics.map { scrapeMetrics($0, connections: nil) }
    }
}
