import HTTPTypes
import Hummingbird
import Tracing
import TesseraSQL

// MARK: - TelemetryMiddleware

/// Measures each request into the site's metrics and traces: its count and latency by route
/// pattern, method and status class; its span, named by its route pattern (`GET /blogs/:id`),
/// continuing a trace the client's headers carry (`traceparent`); and, bound for the request's
/// task, the watcher of its statements and the tracing its jobs link back to.
///
/// Added only when metrics or traces are on (`Site.addMiddleware(to:)`): with both off a
/// request never passes through it.
struct TelemetryMiddleware<Context: RequestContext>: RouterMiddleware {
    let telemetry: SiteTelemetry
    var metrics: SiteMetrics? { telemetry.metrics }
    var tracing: SiteTracing? { telemetry.tracing }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await telemetry.bound { try await traced(request, context, next) }
            metrics?.recordRequest(
                route: context.endpointPath, method: request.method.rawValue, status: Int(response.status.code), elapsed: ContinuousClock.now - start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics?.recordRequest(route: context.endpointPath, method: request.method.rawValue, status: Int(status), elapsed: ContinuousClock.now - start)
            throw error
        }
    }

    /// The request in its span, when tracing.
    private func traced(_ request: Request, _ context: Context, _ next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let tracing else { return try await next(request, context) }
        var parent = ServiceContext.current ?? .topLevel
        tracing.tracer.extract(request.headers, into: &parent, using: HTTPFieldsExtractor())
        let route = SiteMetrics.routeLabel(context.endpointPath)
        var attributes: SpanAttributes = [:]
        attributes["http.request.method"] = request.method.rawValue
        attributes["http.route"] = route
        return try await tracing.span(request.method.rawValue + " " + route, kind: .server, context: parent, attributes: attributes) { span in
            let response = try await next(request, context)
            span.attributes["http.response.status_code"] = Int(response.status.code)
            if response.status.code >= 500 { span.setStatus(SpanStatus(code: .error)) }
            return response
        }
    }
}

// MARK: - HTTPFieldsExtractor

/// Reads a trace's headers from a request's fields.
struct HTTPFieldsExtractor: Extractor {
    func extract(key: String, from carrier: HTTPFields) -> String? {
        HTTPField.Name(key).flatMap { carrier[$0] }
    }
}
