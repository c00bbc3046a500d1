import ArgumentParser
import Foundation
import Tessera
import TesseraDemo
import TesseraTesting

// MARK: - AnalyticsBench

/// `tessera-bench analytics`: the background writer's cost per event. Queues a batch of page
/// views (as a busy server queues them between two flushes), flushes it into a fresh database
/// file, and prints the wall and CPU µs per event (medians of rounds).
///
/// The flush runs beside page requests on a loaded server, so its cost per event is CPU taken
/// from pages, in bursts of one batch.
struct AnalyticsBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analytics", abstract: "Flush batches of queued analytics events and print µs per event.")

    @Option(help: "The project's folder (with Views/ and Public/).")
    var root = "."

    @Option(help: "Events per batch (a flush of a server at 10,000 req/s every 0.5 s holds 5,000).")
    var batch = 5_000

    @Option(help: "Rounds; the median round is reported.")
    var rounds = 9

    func run() async throws {
        let app = try await TestApp<DemoApp>(root: URL(fileURLWithPath: root))
        let writer = AnalyticsWriter(site: app.site)
        let queue = app.site.analytics
        var wall: [Double] = []
        var cpu: [Double] = []
        let clock = ContinuousClock()
        for round in 0...rounds {
            for index in 0..<batch {
                queue.enqueue(AnalyticsEvent(kind: .pageView, name: "UserScene", path: "/users/\(index % 50)", status: 200))
            }
            let (start, startCPU) = (clock.now, PagesBench.processCPUMicros())
            let written = await writer.flush()
            let elapsed = clock.now - start
            guard written == batch else { throw ValidationError("flushed \(written) of \(batch) events") }
            if round == 0 { continue }  // warm-up
            let nanos = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            wall.append(nanos / Double(batch) / 1000)
            cpu.append((PagesBench.processCPUMicros() - startCPU) / Double(batch))
        }
        print("\(rounds) rounds of \(batch) events; medians per event")
        print(String(format: "analytics flush: wall %.2f µs, CPU %.2f µs per event", wall.sorted()[rounds / 2], cpu.sorted()[rounds / 2]))
    }
}
