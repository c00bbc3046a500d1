import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

// MARK: - Serving

extension TesseraApp {
    /// What `serve` runs until SIGTERM or SIGINT: the application
    /// (``makeApplication(_:logger:services:onServerRunning:)``) in a service group that drains
    /// the process. A drain signal makes the health check answer `503` at once (``DrainGate``);
    /// after ``TesseraConfiguration/drainGrace`` the server stops accepting and finishes its
    /// requests, telling open live streams to reconnect elsewhere; then the site's services end
    /// (running jobs finish, analytics and log lines are written). Whatever still runs
    /// ``TesseraConfiguration/drainTimeout`` after the grace is cancelled (a job given back
    /// untried), and the process has 5 seconds more to end.
    ///
    /// `drainsOnSignals` (default true) makes SIGTERM and SIGINT drain; a test passes false and
    /// calls `triggerGracefulShutdown()`. Returns the group and the site it serves.
    package func makeServingGroup(
        _ configuration: TesseraConfiguration, logger: Logger, services: [any Service] = [], drainsOnSignals: Bool = true,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) async throws -> (group: ServiceGroup, site: Site) {
        var configuration = configuration
        // Run first, so they end last: the spans of the last requests are sent.
        var first: [ServiceGroupConfiguration.ServiceConfiguration] = []
        #if OTLP
        if configuration.tracer == nil,
            let otlp = try OTLPTracing.start(serviceName: name, environment: ProcessInfo.processInfo.environment, logger: logger)
        {
            configuration.tracer = otlp.tracer
            first.append(.init(service: otlp.service))
        }
        #endif
        let connections = ConnectionCap.openConnections(for: configuration, logger: logger)
        let site = try await makeSite(configuration, logger: logger)
        let application = try makeApplication(
            configuration, site: site, connections: connections, logger: logger, services: services, onServerRunning: onServerRunning)
        if let port = configuration.metricsPort, let metrics = site.telemetry?.metrics {
            first.append(.init(service: MetricsServer.application(
                        site: site, metrics: metrics, connections: connections, port: port,
                        eventLoops: EventLoopGroups.shared(threads: configuration.eventLoopThreads), logger: logger)))
            logger.info("metrics: http://127.0.0.1:\(port)\(MetricsServer.path)")
        }
        let grace = configuration.resolvedDrainGrace
        var group = ServiceGroupConfiguration(
            services: first + [
                .init(service: application),
                .init(service: DrainGate(health: site.health, grace: grace, logger: logger)),
            ],
            gracefulShutdownSignals: drainsOnSignals ? [.sigterm, .sigint] : [], logger: logger)
        group.maximumGracefulShutdownDuration = grace + configuration.drainTimeout
        group.maximumCancellationDuration = .seconds(5)
        return (ServiceGroup(configuration: group), site)
    }
}
