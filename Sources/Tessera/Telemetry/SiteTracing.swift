import Foundation
import Tracing

// MARK: - SiteTracing

/// A site's traces (``SiteConfiguration/tracer``): a span per request named by its route
/// pattern, child spans per component load, template render and statement, and a job's span
/// linked to the request that enqueued it. Made only when a tracer is set; with none, every
/// place that would start a span pays one `nil` check.
package struct SiteTracing: Sendable {
    /// Where spans go.
    let tracer: any Tracer

    // MARK: - Spans

    /// Runs `body` in a new span `name` of `kind`, a child of the task's current span (or
    /// `context`), with `attributes` set first; an error thrown marks the span failed.
    func span<T>(
        _ name: String, kind: SpanKind = .internal, context: ServiceContext? = nil, attributes: SpanAttributes = [:],
        _ body: (any Span) async throws -> T
    ) async throws -> T {
        try await Self.span(tracer, name, kind: kind, context: context ?? .current ?? .topLevel, attributes: attributes, body)
    }

    /// ``span(_:kind:context:attributes:_:)`` on the tracer's own type.
    private static func span<Traced: Tracer, T>(
        _ tracer: Traced, _ name: String, kind: SpanKind, context: ServiceContext, attributes: SpanAttributes,
        _ body: (any Span) async throws -> T
    ) async throws -> T {
        let span = tracer.startSpan(name, context: context, ofKind: kind)
        defer { span.end() }
        if !attributes.isEmpty { span.attributes = attributes }
        do {
            return try await ServiceContext.$current.withValue(span.context) { try await body(span) }
        } catch {
            span.recordError(error)
            span.setStatus(SpanStatus(code: .error))
            throw error
        }
    }

    /// Runs `body`, which writes, in a new span `name` (a template's render: synchronous).
    func rendering<T>(_ name: String, _ body: () -> T) -> T {
        Self.rendering(tracer, name, body)
    }

    /// ``rendering(_:_:)`` on the tracer's own type.
    private static func rendering<Traced: Tracer, T>(_ tracer: Traced, _ name: String, _ body: () -> T) -> T {
        let span = tracer.startSpan(name, context: .current ?? .topLevel, ofKind: .internal)
        defer { span.end() }
        return ServiceContext.$current.withValue(span.context) { body() }
    }

    // MARK: - Carrying a context

    /// The task's current span context as text (the tracer's own headers, as JSON: W3C's
    /// `traceparent` for OpenTelemetry), for a job to link back to; nil when there is none.
    func carriedContext() -> String? {
        guard let context = ServiceContext.current else { return nil }
        var carrier: [String: String] = [:]
        tracer.inject(context, into: &carrier, using: DictionaryInjector())
        guard !carrier.isEmpty, let data = try? JSONEncoder().encode(carrier) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The span context `text` carries (``carriedContext()``), or nil.
    func context(carriedIn text: String) -> ServiceContext? {
        guard let carrier = try? JSONDecoder().decode([String: String].self, from: Data(text.utf8)), !carrier.isEmpty else { return nil }
        var context = ServiceContext.topLevel
        tracer.extract(carrier, into: &context, using: DictionaryExtractor())
        return context
    }
}

// MARK: - Dictionary carriers

/// Writes a context's headers into a dictionary.
struct DictionaryInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) { carrier[key] = value }
}

/// Reads a context's headers from a dictionary.
struct DictionaryExtractor: Extractor {
    func extract(key: String, from carrier: [String: String]) -> String? { carrier[key] }
}
