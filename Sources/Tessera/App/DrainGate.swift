import Logging
import ServiceLifecycle

// MARK: - DrainGate

/// The first step of a process's graceful shutdown: the service its service group ends first
/// (it is listed last), before the server. When the shutdown begins (SIGTERM, SIGINT) it marks
/// the process draining — its health check answers `503` at once — and waits out the grace
/// (``TesseraConfiguration/drainGrace``) while the server still accepts, so a balancer polling
/// the health check moves first. Then it ends, and the group shuts the server down: the port
/// closes, requests in flight finish, live streams are told to reconnect elsewhere, running jobs
/// finish, queued analytics and log lines are written.
struct DrainGate: Service {
    let health: ProcessHealth
    let grace: Duration
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        health.markDraining()
        logger.info("draining: the health check answers 503; closing the port in \(grace), then finishing what is in flight")
        await health.waitOutGrace(grace)
    }
}
