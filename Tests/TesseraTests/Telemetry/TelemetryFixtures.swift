import Foundation
import HTTPTypes
import Hummingbird
import InMemoryTracing
import Tessera

// MARK: - Telemetry fixtures

/// The fixture shop with metrics on (and traces, when given a tracer): its items page, a page
/// per id whose one component is reused by everyone, and `POST /enqueue/:key`, which enqueues a
/// ``RecordJob`` (a ``FlakyJob``, failing its first try, with `?flaky=1`).
struct TelemetryApp: TesseraApp {
    var tracer: InMemoryTracer?
    init() {}
    init(tracer: InMemoryTracer?) { self.tracer = tracer }

    var name: String { "Telemetry Shop" }
    var scenes: [Scene.Type] { [ItemsScene.self, TotalScene.self] }
    var layout: String? { "Layouts/Main" }
    var jobs: [any Job.Type] { [RecordJob.self, FlakyJob.self] }

    func migrations(_ steps: inout Migrations) {
        FixtureApp().migrations(&steps)
        JobFixtures.migrations(&steps)
    }

    func seed(_ db: SQLConnection) async throws { try await FixtureApp().seed(db) }

    func configure(_ site: inout SiteConfiguration, for configuration: TesseraConfiguration) {
        site.metrics = true
        site.tracer = tracer
    }

    func addRoutes(to router: Router<TesseraRequestContext>, site: Site) {
        router.post("/enqueue/:key") { request, context -> Response in
            let key = try context.parameters.require("key", as: Int.self)
            if request.uri.queryParameters["flaky"] == "1" {
                try await JobQueue(database: site.database).enqueue(FlakyJob(key: key))
            } else {
                try await JobQueue(database: site.database).enqueue(RecordJob(key: key))
            }
            return Response(status: .noContent)
        }
    }
}

/// `/totals/:id`: the total of likes, in a component everyone shares (its fragment reused).
final class TotalScene: Scene {
    override class var path: String { "/totals/:id" }
    override class var policy: Policy? { .anyone }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [slot("shared-total") { _, _ in SharedTotalComponent() }] }
}

/// ``LikeTotalComponent``, reused by everyone.
struct SharedTotalComponent: Component {
    static var caching: FragmentCaching { .shared }
    static var template: String? { "Components/LikeTotal" }

    func load(_ scope: ComponentScope<Self>) async throws -> LikeTotalComponent.Model {
        LikeTotalComponent.Model(total: try await scope.database.read { db in try await db.fetchValue(Int.self, "SELECT SUM(likes) FROM item") ?? 0 })
    }
}

// MARK: - PrometheusText

/// Prometheus' text format read back: each sample's name, labels and value (comments skipped).
struct PrometheusText {
    struct Sample: Equatable {
        let name: String
        let labels: [String: String]
        let value: Double
    }

    let samples: [Sample]

    /// Reads `text`; a line that is not a sample or a comment fails.
    init(_ text: String) throws {
        var samples: [Sample] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                throw Unreadable(line: String(line))
            }
            let series = line[..<space]
            guard let brace = series.firstIndex(of: "{") else {
                samples.append(Sample(name: String(series), labels: [:], value: value))
                continue
            }
            guard series.hasSuffix("}") else { throw Unreadable(line: String(line)) }
            var labels: [String: String] = [:]
            var rest = series[series.index(after: brace)..<series.index(before: series.endIndex)]
            while !rest.isEmpty {
                guard let equals = rest.firstIndex(of: "="), rest[rest.index(after: equals)] == "\"" else { throw Unreadable(line: String(line)) }
                let key = String(rest[..<equals])
                var index = rest.index(equals, offsetBy: 2)
                var value = ""
                while index < rest.endIndex, rest[index] != "\"" {
                    if rest[index] == "\\" { index = rest.index(after: index) }
                    value.append(rest[index])
                    index = rest.index(after: index)
                }
                guard index < rest.endIndex else { throw Unreadable(line: String(line)) }
                labels[key] = value
                rest = rest[rest.index(after: index)...]
                if rest.first == "," { rest = rest.dropFirst() }
            }
            samples.append(Sample(name: String(series[..<brace]), labels: labels, value: value))
        }
        self.samples = samples
    }

    struct Unreadable: Error { let line: String }

    /// The value of the sample `name` whose labels include `labels`, summed over the samples
    /// that match; nil when none does.
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        let matching = samples.filter { sample in sample.name == name && labels.allSatisfy { key, value in sample.labels[key] == value } }
        return matching.isEmpty ? nil : matching.reduce(0) { $0 + $1.value }
    }

    /// Every value label `key` takes in the samples named `name`.
    func labelValues(_ name: String, _ key: String) -> Set<String> {
        Set(samples.filter { $0.name == name }.compactMap { $0.labels[key] })
    }
}
