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
        let connections = ConnectionCap.openConnections(for: configuration, logger: logger)
        let site = try await makeSite(configuration, logger: logger)
        let application = try makeApplication(
            configuration, site: site, connections: connections, logger: logger, services: services, onServerRunning: onServerRunning)
        let grace = configuration.resolvedDrainGrace
        var group = ServiceGroupConfiguration(
            services: [
                .init(service: application),
                .init(service: DrainGate(health: site.health, grace: grace, logger: logger)),
            ],
            gracefulShutdownSignals: drainsOnSignals ? [.sigterm, .sigint] : [], logger: logger)
        group.maximumGracefulShutdownDuration = grace + configuration.drainTimeout
        group.maximumCancellationDuration = .seconds(5)
        return (ServiceGroup(configuration: group), site)
    }
}
