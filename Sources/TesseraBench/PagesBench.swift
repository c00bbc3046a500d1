import ArgumentParser
import Foundation
import HTTPTypes
import InMemoryTracing
import Tessera
import TesseraDemo
import TesseraTesting

// MARK: - PagesBench

/// `tessera-bench pages`: the demo's composed pages served in process (the router as `serve`
/// builds it, on a fresh seeded database, no socket), as a visitor and signed in, beside
/// `/fortunes` in the same run.
///
/// Each figure is the whole request inside the server (middleware, session, scene, component
/// loads, render, analytics queued) but not HTTP parsing or the socket, which every page shares:
/// a steadier reading than `wrk` on a shared machine, and one valgrind can count instructions
/// of. Prints, per page, the wall time and the process's CPU time per request (medians of
/// rounds; requests run one after another, so the wall time is the latency of one request on an
/// idle server and the CPU time counts every thread's work for it) and the CPU time relative to
/// `/fortunes`.
struct PagesBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pages", abstract: "Serve the demo's composed pages in process and print µs per request.")

    @Option(help: "The project's folder (with Views/ and Public/).")
    var root = "."

    @Option(help: "Requests per page per round.")
    var iterations = 2_000

    @Option(help: "Rounds; the median round is reported.")
    var rounds = 5

    @Option(parsing: .upToNextOption, help: "Pages loaded as a visitor; /fortunes is always first.")
    var visitor = ["/users/1", "/", "/blogs/1", "/photos"]

    @Option(parsing: .upToNextOption, help: "Pages loaded signed in as the demo account.")
    var member = ["/users/1", "/", "/blogs/1"]

    @Flag(help: "Keep metrics, as `serve --metrics-port` does.")
    var metrics = false

    @Flag(help: "Trace every request into an in-memory tracer (every span made and kept, none exported).")
    var tracing = false

    func run() async throws {
        let tracer = tracing ? InMemoryTracer(recordInjections: false, recordExtractions: false) : nil
        let app = try await TestApp<DemoApp>(root: URL(fileURLWithPath: root)) { [metrics] configuration in
            if metrics { configuration.metricsPort = 9464 }  // keeps metrics; nothing is served in process
            configuration.tracer = tracer
        }
        if metrics || tracing { print("metrics \(metrics ? "on" : "off"), tracing \(tracing ? "on" : "off")") }
        Self.tidy = { tracer?.clearAll() }
        let (iterations, rounds, visitor, member) = (iterations, rounds, visitor, member)
        try await app.test { client in
            let session = try await client.signIn(at: "/signin", [("username", "demo"), ("password", "tessera-demo")])
            print("\(rounds) rounds of \(iterations) requests per page; medians per request")
            print("page".padding(toLength: 22, withPad: " ", startingAt: 0), "wall µs", " CPU µs", "  CPU vs /fortunes")
            let fortunes = try await Self.measure(client, "/fortunes", nil, iterations, rounds)
            Self.report("/fortunes", fortunes, fortunes)
            for path in visitor {
                Self.report(path + " visitor", try await Self.measure(client, path, nil, iterations, rounds), fortunes)
            }
            for path in member {
                Self.report(path + " member", try await Self.measure(client, path, session, iterations, rounds), fortunes)
            }
            Self.report("(freshness look)", try await Self.measureFreshness(app.site.database, iterations, rounds), fortunes)
        }
    }

    /// The medians over `rounds` of µs per look at what other connections committed, the step
    /// every request takes first (part of every page's figure above).
    private static func measureFreshness(_ database: TesseraDatabase, _ iterations: Int, _ rounds: Int) async throws -> (wall: Double, cpu: Double) {
        var wall: [Double] = []
        var cpu: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            let (start, startCPU) = (clock.now, processCPUMicros())
            for _ in 0..<iterations { try await database.refreshFromOtherConnections() }
            let elapsed = clock.now - start
            wall.append((Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9) / Double(iterations) / 1000)
            cpu.append((processCPUMicros() - startCPU) / Double(iterations))
        }
        return (wall.sorted()[rounds / 2], cpu.sorted()[rounds / 2])
    }

    // MARK: - Measuring

    /// Run after each round (the finished spans dropped, so a tracer's memory stays flat).
    nonisolated(unsafe) static var tidy: () -> Void = {}

    /// The medians over `rounds` of wall and CPU µs per GET of `path` (as `session`, or a
    /// cookie-less visitor). Refuses to time a page that does not answer 200.
    private static func measure(
        _ client: TestClient, _ path: String, _ session: TestSession?, _ iterations: Int, _ rounds: Int
    ) async throws -> (wall: Double, cpu: Double) {
        let first = try await client.get(path, as: session)
        guard first.status == .ok else { throw ValidationError("\(path) answered \(first.status.code), not 200") }
        for _ in 0..<(iterations / 4) { _ = try await client.get(path, as: session) }  // warm up
        tidy()
        var wall: [Double] = []
        var cpu: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            let (start, startCPU) = (clock.now, processCPUMicros())
            for _ in 0..<iterations { _ = try await client.get(path, as: session) }
            let elapsed = clock.now - start
            let nanos = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            wall.append(nanos / Double(iterations) / 1000)
            cpu.append((processCPUMicros() - startCPU) / Double(iterations))
            tidy()
        }
        return (wall.sorted()[rounds / 2], cpu.sorted()[rounds / 2])
    }

    /// User and system CPU time of the whole process so far, in µs.
    static func processCPUMicros() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func micros(_ time: timeval) -> Double { Double(time.tv_sec) * 1e6 + Double(time.tv_usec) }
        return micros(usage.ru_utime) + micros(usage.ru_stime)
    }

    private static func report(_ label: String, _ page: (wall: Double, cpu: Double), _ fortunes: (wall: Double, cpu: Double)) {
        print(
            label.padding(toLength: 22, withPad: " ", startingAt: 0), String(format: "%7.1f %7.1f", page.wall, page.cpu),
            String(format: "  %.2fx", page.cpu / fortunes.cpu))
    }
}
