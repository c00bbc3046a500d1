import TesseraSQL

// MARK: - SiteTelemetry

/// A site's metrics and traces together, made only when one of them is on: with both off the
/// site holds none, and a request, a statement or a job pays one `nil` check (or one
/// task-local read) for them.
package final class SiteTelemetry: Sendable {
    /// The metrics (``SiteConfiguration/metrics``), or nil.
    package let metrics: SiteMetrics?
    /// The traces (``SiteConfiguration/tracer``), or nil.
    package let tracing: SiteTracing?
    /// Told of every statement of a request or job.
    let statements: StatementTelemetry

    /// The telemetry of the request or job running in this task, bound by ``bound(_:)``: a job
    /// enqueued or a template written in it reach the site's telemetry through it.
    @TaskLocal static var current: SiteTelemetry?

    /// Telemetry into `metrics` and `tracing`; nil when both are nil.
    init?(metrics: SiteMetrics?, tracing: SiteTracing?) {
        guard metrics != nil || tracing != nil else { return nil }
        self.metrics = metrics
        self.tracing = tracing
        statements = StatementTelemetry(metrics: metrics, tracing: tracing)
    }

    /// Runs `body` with this telemetry and its statement watcher bound to the task.
    func bound<T>(_ body: () async throws -> T) async throws -> T {
        try await StatementWatch.$current.withValue(statements) {
            try await Self.$current.withValue(self) { try await body() }
        }
    }
}
