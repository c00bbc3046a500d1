import ArgumentParser
import Foundation
import Tessera
import TesseraDemo

// MARK: - BenchCommand

/// `tessera-bench`: in-process benchmarks that print numbers (never assertions).
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera-bench", abstract: "Benchmarks of Tessera's renderer and pages.",
        subcommands: subcommands)
}

/// The benchmarks this build has: the PostgreSQL statement benchmark needs the `PostgreSQL` trait.
private let subcommands: [any ParsableCommand.Type] = {
    var commands: [any ParsableCommand.Type] = [
        FortunesBench.self, PagesBench.self, AnalyticsBench.self, ReuseBench.self, ModelsBench.self, PeerServer.self,
    ]
    #if PostgreSQL
    commands.append(StatementsBench.self)
    #endif
    return commands
}()

// MARK: - FortunesBench

/// `tessera-bench fortunes`: the Fortunes page rendered in memory by Tessera's compiled
/// template (scene's data source and cell) and by a hand-written byte writer, side by side.
struct FortunesBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fortunes", abstract: "Render the Fortunes page many times with both renderers and compare.")

    @Option(help: "The folder of templates.")
    var views = "Views"

    @Option(help: "Pages rendered per round.")
    var iterations = 20_000

    @Option(help: "Rounds; the median round is reported.")
    var rounds = 7

    func run() throws {
        // The cell's template found once, as a served app's check finds it.
        let library = try TemplateLibrary.load(directory: URL(fileURLWithPath: views)).resolvingTemplates(of: [FortuneCell.self])
        let fortunes = FortunesPage.sampleFortunes()
        // Each renderer ends with its page in the buffer it would send: Tessera's in the
        // response's ByteBuffer (as a page is served), the hand-written one in its byte array.
        func tesseraPage() -> HTMLWriter {
            var writer = HTMLWriter(capacity: 2048)
            library.render(FortunesPage.template, FortunesPage.model(fortunes), into: &writer)
            return writer
        }
        let tessera = { tesseraPage().takeBuffer().readableBytes }
        let handwritten = { HandwrittenFortunes.render(fortunes).count }

        let tesseraBytes = tesseraPage().bytes
        guard tesseraBytes == HandwrittenFortunes.render(fortunes) else {
            print("error: the two renderers disagree; refusing to compare")
            throw ExitCode.failure
        }
        print("page: \(tesseraBytes.count) bytes, \(fortunes.count) rows; \(rounds) rounds of \(iterations) pages")

        let tesseraMicros = measure("tessera", tessera)
        let handwrittenMicros = measure("handwritten", handwritten)
        let ratio = tesseraMicros / handwrittenMicros
        print(
            "fortunes: tessera \(format(tesseraMicros)) µs, handwritten \(format(handwrittenMicros)) µs, ratio \(String(format: "%.2f", ratio))"
        )
    }

    /// The median over rounds of the time per page, in microseconds.
    private func measure(_ name: String, _ render: () -> Int) -> Double {
        var sink = 0
        for _ in 0..<(iterations / 4) { sink &+= render() }  // warm up
        var perPage: [Double] = []
        for _ in 0..<rounds {
            let clock = ContinuousClock()
            let elapsed = clock.measure {
                for _ in 0..<iterations { sink &+= render() }
            }
            let nanos = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            perPage.append(nanos / Double(iterations) / 1000)
        }
        perPage.sort()
        let median = perPage[perPage.count / 2]
        print("\(name): median \(format(median)) µs/page (min \(format(perPage.first!)), max \(format(perPage.last!)); checksum \(sink % 10))")
        return median
    }

    private func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
