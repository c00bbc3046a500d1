import Foundation
import HTTPTypes
import InMemoryTracing
import Testing
import TesseraTesting
import Tracing

@testable import Tessera

/// Traces through a real in-process tracer (swift-distributed-tracing's `InMemoryTracer`): a
/// span per request named by its route pattern, with children per component load, template
/// render and statement (table names, never values), and a job's span linked to its request.
@Suite("Tracing")
struct TracingTests {
    @Test("a page's span has its components' loads and renders as children, and their statements under them")
    func pageSpans() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let tracer = InMemoryTracer()
        let app = try await TestApp(TelemetryApp(tracer: tracer), root: folder.root)
        try await app.test { (client: TestClient) async throws in #expect(try await client.get("/items?page=2").status == .ok) }
        let spans = tracer.finishedSpans
        let request = try #require(spans.first { $0.operationName == "GET /items" })
        #expect(request.kind == .server)
        #expect(request.parentSpanID == nil)
        #expect(request.attributes["http.route"]?.toSpanAttribute() == "/items")
        #expect(request.attributes["http.response.status_code"]?.toSpanAttribute() == 200)
        let children = spans.filter { $0.parentSpanID == request.spanID }.map(\.operationName)
        #expect(children.contains("load item-list"))
        #expect(children.contains("load like-total"))
        let render = try #require(spans.first { $0.operationName == "render page Layouts/Main" })
        #expect(render.parentSpanID == request.spanID)
        let renders = spans.filter { $0.parentSpanID == render.spanID }.map(\.operationName)
        #expect(renders.contains("render item-list") && renders.contains("render like-total"))

        let list = try #require(spans.first { $0.operationName == "load item-list" })
        let statements = spans.filter { $0.parentSpanID == list.spanID }
        #expect(!statements.isEmpty)
        for statement in statements {
            #expect(statement.operationName == "SELECT item")
            #expect(statement.kind == .client)
            #expect(statement.attributes["db.collection.name"]?.toSpanAttribute() == "item")
            #expect(statement.attributes["db.system"]?.toSpanAttribute() == "sqlite")
        }
        #expect(spans.allSatisfy { $0.traceID == request.traceID })
    }

    @Test("a statement's span holds table names and never the values it was given, nor its SQL")
    func noValues() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let tracer = InMemoryTracer()
        let app = try await TestApp(TelemetryApp(tracer: tracer), root: folder.root)
        try await app.test { (client: TestClient) async throws in #expect(try await client.send(method: .post, uri: "/enqueue/424242").status == .noContent) }
        let spans = tracer.finishedSpans
        let request = try #require(spans.first { $0.operationName.hasPrefix("POST /enqueue/") })
        #expect(!request.operationName.contains("424242"), "the route pattern, not the path")
        let insert = try #require(spans.first { $0.operationName == "INSERT tessera_jobs" })
        #expect(insert.traceID == request.traceID)
        for span in spans {
            var texts = [span.operationName]
            span.attributes.forEach { key, value in texts.append(key + "=" + "\(value)") }
            for text in texts {
                #expect(!text.contains("424242"), "a value in \(span.operationName): \(text)")
                #expect(!text.contains("VALUES"), "SQL in \(span.operationName): \(text)")
            }
        }
    }

    @Test("a job's span is linked to the request that enqueued it")
    func jobLinked() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let tracer = InMemoryTracer()
        let app = try await TestApp(TelemetryApp(tracer: tracer), root: folder.root)
        try await app.test { (client: TestClient) async throws in #expect(try await client.send(method: .post, uri: "/enqueue/7").status == .noContent) }
        let request = try #require(tracer.finishedSpans.first { $0.operationName.hasPrefix("POST /enqueue/") })
        #expect(try await app.runJobs() == 1)
        let job = try #require(tracer.finishedSpans.first { $0.operationName == "job RecordJob" })
        #expect(job.kind == .consumer)
        #expect(job.traceID != request.traceID, "a trace of its own")
        let link = try #require(job.links.first)
        #expect(link.context.inMemorySpanContext?.traceID == request.traceID)
        let statements = tracer.finishedSpans.filter { $0.parentSpanID == job.spanID }.map(\.operationName)
        #expect(statements.contains("INSERT job_effect"))
    }

    @Test("a job's failed try ends its span failed, with the error; the next try's span is not")
    func failedJobSpan() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let tracer = InMemoryTracer()
        let app = try await TestApp(TelemetryApp(tracer: tracer), root: folder.root)
        try await app.test { (client: TestClient) async throws in
            #expect(try await client.send(method: .post, uri: "/enqueue/8?flaky=1").status == .noContent)
        }
        _ = try await app.runJobs()
        let tries = tracer.finishedSpans.filter { $0.operationName == "job FlakyJob" }
        #expect(tries.map { $0.status?.code } == [.error, nil])
        #expect(tries.first?.errors.count == 1)
    }

    @Test("tracing off: no tracing is made")
    func off() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let app = try await TestApp(TelemetryApp(tracer: nil), root: folder.root)
        #expect(app.site.telemetry?.tracing == nil)
        #expect(app.site.telemetry?.metrics != nil)
    }
}
