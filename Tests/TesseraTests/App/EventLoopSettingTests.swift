import Foundation
import NIOCore
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// The number of event loops: half the cores by default, set by `TESSERA_EVENT_LOOPS` or
/// `--event-loops`, refused outside 1–256, and really the server's.
@Suite("Event loop threads")
struct EventLoopSettingTests {
    @Test("the default is half the cores, at least one; the environment and then the flag override it", arguments: [
        ([String: String](), [String](), TesseraConfiguration.defaultEventLoopThreads),
        (["TESSERA_EVENT_LOOPS": "3"], [], 3),
        (["TESSERA_EVENT_LOOPS": "3"], ["--event-loops", "1"], 1),
        ([:], ["--event-loops", "256"], 256),
    ])
    func setting(_ input: ([String: String], [String], Int)) throws {
        let options = try AppOptions.parse(input.1)
        #expect(try options.configuration(environment: input.0).eventLoopThreads == input.2)
        #expect(TesseraConfiguration.defaultEventLoopThreads == max(1, ProcessInfo.processInfo.activeProcessorCount / 2))
    }

    @Test("a count that is not 1 to 256 is refused, naming the setting", arguments: ["0", "-1", "257", "two", "1.5"])
    func refusedCounts(_ value: String) throws {
        #expect(throws: ConfigurationError.self) {
            try TesseraConfiguration.fromEnvironment(["TESSERA_EVENT_LOOPS": value])
        }
        do {
            _ = try TesseraConfiguration.fromEnvironment(["TESSERA_EVENT_LOOPS": value])
        } catch {
            #expect("\(error)".contains("TESSERA_EVENT_LOOPS"))
        }
        if let number = Int(value) {
            let options = try AppOptions.parse(["--event-loops=\(number)"])
            #expect(throws: (any Error).self) { try options.configuration(environment: [:]) }
        }
    }

    @Test("a count gets one group of that many loops, kept for the process")
    func groupsAreShared() {
        let one = EventLoopGroups.shared(threads: 1)
        #expect(one === EventLoopGroups.shared(threads: 1))
        #expect(Array(one.makeIterator()).count == 1)
        #expect(Array(EventLoopGroups.shared(threads: 3).makeIterator()).count == 3)
    }

    @Test("a server on one event loop answers several connections at once")
    func oneLoopServesManyConnections() async throws {
        var folder = try AppFolder(templates: FixtureTemplates.all)
        folder.configuration.eventLoopThreads = 1
        defer { folder.remove() }
        try await withRunningServer(FixtureApp(), folder.configuration) { port in
            let connections = try (0..<6).map { _ in try RawConnection(port: port) }
            for connection in connections { connection.send("GET /items HTTP/1.1\r\nHost: localhost\r\n\r\n") }
            for connection in connections {
                guard case .data(let answer) = await connection.read() else {
                    Issue.record("a connection got no answer")
                    continue
                }
                #expect(answer.hasPrefix("HTTP/1.1 200"))
            }
        }
    }
}
