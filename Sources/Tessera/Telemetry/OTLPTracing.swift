#if OTLP
import Foundation
import Logging
import OTel
import ServiceLifecycle
import Tracing

// MARK: - OTLPTracing

/// Traces exported over OTLP/HTTP by swift-otel, for `serve` in an app built with the `OTLP`
/// trait: on when `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` names
/// a collector, and configured by the other standard `OTEL_*` variables (`OTEL_SERVICE_NAME`,
/// `OTEL_TRACES_SAMPLER`, `OTEL_TRACES_SAMPLER_ARG`…). Only traces: metrics are Prometheus'
/// (`--metrics-port`) and logs stay the process's own.
enum OTLPTracing {
    /// swift-otel's tracer and the service that exports its spans (run it first in the service
    /// group, so it ends last and sends what the server's last requests made), or nil when no
    /// collector is named in `environment`.
    static func start(serviceName: String, environment: [String: String], logger: Logger) throws -> (tracer: any Tracer, service: any Service)? {
        let named = ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"].contains { !(environment[$0] ?? "").isEmpty }
        guard named else { return nil }
        var configuration = OTel.Configuration.default
        configuration.serviceName = serviceName
        configuration.traces.otlpExporter.protocol = .httpProtobuf
        configuration.metrics.enabled = false
        configuration.logs.enabled = false
        configuration.diagnosticLogger = .custom(logger)
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        logger.info("traces: exported over OTLP/HTTP to the collector OTEL_EXPORTER_OTLP_ENDPOINT names")
        return (backend.factory, backend.service)
    }
}
#endif
