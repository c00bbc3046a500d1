import Foundation
import HTTPTypes
import Hummingbird
import Synchronization
import Testing
import TesseraTesting

@testable import Tessera
@testable import TesseraSQL

/// The app's error reporters hear of every 5xx and every job that failed for good, with the
/// route, the request id and the error — never a form value.
@Suite("Error reporter")
struct ErrorReporterTests {
    @Test("a forced 500 on a POST is reported with its route, method, request id and error, and no form value")
    func forced500() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let reports = CollectedReports()
        try await TestApp(ReporterApp(reports: reports), root: folder.root).test { client in
            var headers = HTTPFields()
            headers[.contentType] = "application/x-www-form-urlencoded"
            headers[HTTPField.Name("X-Request-ID")!] = "req-42.a_b"
            let response = try await client.send(
                method: .post, uri: "/shelves/7/boom?token=query-secret", headers: headers,
                body: ByteBuffer(string: "password=hunter2&card=4111111111111111"))
            #expect(response.status == .internalServerError)
            #expect(try await client.get("/items").status == .ok, "a 200 is not reported")
        }
        let all = reports.all
        try #require(all.count == 1)
        let report = all[0]
        #expect(report.origin == .request(method: "POST", route: "/shelves/{id}/boom", status: 500))
        #expect(report.requestID == "req-42.a_b")
        #expect(report.memberID == nil)
        #expect(report.error is ReporterApp.Boom)
        let everything = String(reflecting: report) + report.description + "\(report)"
        for secret in ["hunter2", "4111111111111111", "query-secret"] { #expect(!everything.contains(secret)) }
    }

    @Test("a request without a usable X-Request-ID gets one of 16 hex digits")
    func madeRequestID() async throws {
        let folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        let reports = CollectedReports()
        try await TestApp(ReporterApp(reports: reports), root: folder.root).test { client in
            var headers = HTTPFields()
            headers[HTTPField.Name("X-Request-ID")!] = "no spaces or \"quotes\" allowed"
            _ = try await client.send(method: .post, uri: "/shelves/1/boom", headers: headers)
        }
        let id = try #require(reports.all.first?.requestID)
        #expect(id.count == 16 && id.allSatisfy(\.isHexDigit))
    }

    @Test("a job that fails for good is reported once, with the id of the request that enqueued it")
    func failedJob() async throws {
        try await TestDatabases.eachLocation { location in
            let reports = CollectedReports()
            let site = try await JobFixtures.site(location, errorReporters: [reports])
            defer { site.database.close() }
            try await RequestLog.$current.withValue(RequestLog(requestID: "enqueuer-1")) {
                try await JobQueue(database: site.database).enqueue(FailingJob(reason: "the mail server said no"))
            }
            try await JobQueue(database: site.database).enqueue(FlakyJob(key: 1))
            try await JobFixtures.work([site])
            let all = reports.all
            try #require(all.count == 1, "one report: the flaky job's failed first try is not one")
            guard case let .job(name, _, attempt) = all[0].origin else {
                Issue.record("not a job's report: \(all[0])")
                return
            }
            #expect(name == "FailingJob" && attempt == 2)
            #expect(all[0].requestID == "enqueuer-1")
            #expect((all[0].error as? JobFixtures.Refusal)?.reason == "the mail server said no")
        }
    }
}

/// What the reporters heard.
final class CollectedReports: ErrorReporter {
    private let reports = Mutex<[ErrorReport]>([])
    func report(_ report: ErrorReport) async { reports.withLock { $0.append(report) } }
    var all: [ErrorReport] { reports.withLock { $0 } }
}

/// The fixture app with a route that fails, and a reporter.
struct ReporterApp: TesseraApp {
    struct Boom: Error, CustomStringConvertible {
        var description: String { "the shelf index is gone" }
    }

    var reports = CollectedReports()
    init() {}
    init(reports: CollectedReports) { self.reports = reports }
    var scenes: [Scene.Type] { [ItemsScene.self] }
    var layout: String? { "Layouts/Main" }
    var errorReporters: [any ErrorReporter] { [reports] }
    func migrations(_ steps: inout Migrations) { FixtureApp().migrations(&steps) }

    func addRoutes(to router: Router<TesseraRequestContext>, site: Site) {
        router.post("/shelves/:id/boom") { request, _ -> Response in
            _ = try await request.body.collect(upTo: 1 << 16)
            throw Boom()
        }
    }
}
