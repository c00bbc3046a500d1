import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraSQL

/// The metrics a Prometheus server scrapes: requests by route pattern (never the raw path),
/// method and status class; statements; reuse; jobs. Read back through Prometheus' text format.
@Suite("Metrics")
struct MetricsTests {
    /// The app's metrics as `/metrics` answers them, read.
    static func scrape(_ site: Site) throws -> PrometheusText {
        try PrometheusText(try #require(site.metricsText(), "metrics are on"))
    }

    @Test("requests are counted by route pattern, method and status class, with their latency; a 404 is one label")
    func requestsByRoute() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let app = try await TestApp(TelemetryApp(), root: folder.root)
        try await app.test { (client: TestClient) async throws in
            for _ in 1...3 { #expect(try await client.get("/items").status == .ok) }
            #expect(try await client.get("/items/_/like-total").status == .ok)
            #expect(try await client.get("/items/_/item-list").status == .ok)
            #expect(try await client.get("/nowhere-1").status == .notFound)
            #expect(try await client.get("/nowhere-2?x=1").status == .notFound)
        }
        let metrics = try Self.scrape(app.site)
        let requests = "tessera_http_requests_total"
        #expect(metrics.value(requests, ["route": "/items", "method": "GET", "status": "2xx"]) == 3)
        let routes = metrics.labelValues(requests, "route")
        let fragmentRoute = try #require(routes.first { $0.hasPrefix("/items/_/") })
        #expect(metrics.value(requests, ["route": fragmentRoute, "method": "GET", "status": "2xx"]) == 2)
        #expect(metrics.value(requests, ["route": "unmatched", "method": "GET", "status": "4xx"]) == 2)
        #expect(routes == ["/items", fragmentRoute, "unmatched"], "no raw path is a label: \(routes)")
        #expect(!routes.contains { $0.contains("like-total") || $0.contains("nowhere") })
        #expect(metrics.value("tessera_http_request_duration_seconds_count", ["route": "/items", "status": "2xx"]) == 3)
        let buckets = metrics.samples.filter { $0.name == "tessera_http_request_duration_seconds_bucket" && $0.labels["route"] == "/items" }
        #expect(buckets.first { $0.labels["le"] == "+Inf" }?.value == 3)
        #expect((metrics.value("tessera_sql_statements_total", ["database": "sqlite"]) ?? 0) >= 5, "the pages' statements")
    }

    @Test("a thousand distinct ids add no series")
    func boundedLabels() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let app = try await TestApp(TelemetryApp(), root: folder.root)
        try await app.test { (client: TestClient) async throws in
            _ = try await client.get("/totals/1")
            _ = try await client.get("/missing/1")
            let before = try Self.scrape(app.site).samples.count
            for id in 2...1001 {
                _ = try await client.get("/totals/\(id)")
                _ = try await client.get("/missing/\(id)")
            }
            let after = try Self.scrape(app.site)
            #expect(after.samples.count == before)
            #expect(after.value("tessera_http_requests_total", ["route": "/totals/{id}", "status": "2xx"]) == 1001)
            #expect(after.value("tessera_http_requests_total", ["route": "unmatched", "status": "4xx"]) == 1001)
        }
    }

    @Test("statements are counted exactly, by database")
    func statements() async throws {
        try await TestDatabases.eachLocation { location in
            let site = try await Self.site(location)
            defer { site.database.close() }
            let telemetry = try #require(site.telemetry)
            let database = site.database.dialect.rawValue
            let before = try Self.scrape(site).value("tessera_sql_statements_total", ["database": database]) ?? 0
            try await telemetry.bound {
                try await site.database.read { db in
                    for _ in 1...3 { _ = try await db.fetchValue(Int.self, "SELECT COUNT(*) FROM job_effect") }
                }
            }
            let after = try Self.scrape(site)
            #expect(after.value("tessera_sql_statements_total", ["database": database]) == before + 3)
            #expect(after.value("tessera_sql_statement_duration_seconds_count", ["database": database]) == before + 3)
        }
    }

    @Test("a shared component's reuse is counted: a miss, then hits")
    func reuse() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let app = try await TestApp(TelemetryApp(), root: folder.root)
        try await app.test { (client: TestClient) async throws in
            for _ in 1...3 { #expect(try await client.get("/totals/1").status == .ok) }
        }
        let metrics = try Self.scrape(app.site)
        #expect(metrics.value("tessera_reuse_lookups_total", ["component": "shared-total", "result": "miss"]) == 1)
        #expect(metrics.value("tessera_reuse_lookups_total", ["component": "shared-total", "result": "hit"]) == 2)
    }

    @Test("jobs are counted: enqueued by a request, completed, retried and failed, with their wait")
    func jobs() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let app = try await TestApp(TelemetryApp(), root: folder.root)
        try await app.test { (client: TestClient) async throws in
            for key in 1...2 { #expect(try await client.send(method: .post, uri: "/enqueue/\(key)").status == .noContent) }
        }
        #expect(try Self.scrape(app.site).value("tessera_jobs_enqueued_total", ["job": "RecordJob"]) == 2)
        #expect(try await app.runJobs() == 2)
        let metrics = try Self.scrape(app.site)
        #expect(metrics.value("tessera_jobs_completed_total", ["job": "RecordJob"]) == 2)
        #expect(metrics.value("tessera_job_wait_seconds_count", ["job": "RecordJob"]) == 2)
        #expect(metrics.value("tessera_jobs_running") == 0)

        try await TestDatabases.eachLocation { location in
            let site = try await Self.site(location)
            defer { site.database.close() }
            try await JobQueue(database: site.database).enqueue(FailingJob(reason: "no"))
            try await JobFixtures.work([site])
            let failing = try Self.scrape(site)
            #expect(failing.value("tessera_jobs_retried_total", ["job": "FailingJob"]) == 1)
            #expect(failing.value("tessera_jobs_failed_total", ["job": "FailingJob"]) == 1)
        }
    }

    @Test("/metrics on the metrics server answers the text format; anything else is a 404")
    func metricsServer() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let app = try await TestApp(TelemetryApp(), root: folder.root)
        let metrics = try #require(app.site.telemetry?.metrics)
        let router = MetricsServer.router(site: app.site, metrics: metrics, connections: OpenConnections(cap: 10))
        try await InProcessServer(router: router).test { (client: TestClient) async throws in
            let response = try await client.get("/metrics")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == MetricsServer.contentType)
            let parsed = try PrometheusText(response.text)
            #expect(parsed.value("tessera_connections_open") == 0)
            #expect(parsed.value("tessera_connections_refused_total") == 0)
            #expect(parsed.value("tessera_live_streams_open") == 0)
            #expect(try await client.get("/metrics/x").status == .notFound)
        }
    }

    @Test("metrics off: the site keeps none and adds no middleware")
    func off() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let app = try await TestApp(FixtureApp(), root: folder.root)
        #expect(app.site.telemetry == nil)
        #expect(app.site.metricsText() == nil)
    }

    @Test("TESSERA_METRICS_PORT turns metrics on; a port out of range is refused")
    func metricsPortSetting() throws {
        let configuration = try TesseraConfiguration.fromEnvironment(["TESSERA_METRICS_PORT": "9464"])
        #expect(configuration.metricsPort == 9464)
        #expect(FixtureApp().siteConfiguration(configuration).metrics)
        #expect(!FixtureApp().siteConfiguration(TesseraConfiguration()).metrics)
        for bad in ["0", "65536", "port"] {
            #expect(throws: ConfigurationError.self) { try TesseraConfiguration.fromEnvironment(["TESSERA_METRICS_PORT": bad]) }
        }
    }

    /// A site on `location` running the fixture jobs, with metrics on.
    static func site(_ location: DatabaseLocation) async throws -> Site {
        let plain = try await JobFixtures.site(location)
        var configuration = plain.configuration
        configuration.metrics = true
        return try await Site(configuration: configuration, templates: plain.templates, database: plain.database, logger: plain.logger)
    }
}
