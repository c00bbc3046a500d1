import Foundation
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Dev mode ends promptly on SIGINT/SIGTERM even while a page keeps `/_tessera/events` open:
/// the graceful shutdown those signals start ends every event stream, cleanly.
@Suite("Dev server shutdown")
struct DevShutdownTests {
    @Test("graceful shutdown ends open event streams with a clean end, and the server exits")
    func shutdownEndsEventStreams() async throws {
        var folder = try AppFolder(templates: FixtureTemplates.all)
        folder.configuration.mode = .development
        defer { folder.remove() }
        let events = try await withRunningServer(FixtureApp(), folder.configuration) { port in
            let events = try RawConnection(port: port)
            events.send("GET /_tessera/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let answer = await events.read()
            guard case .data(let head) = answer else {
                Issue.record("no answer from the events route: \(answer)")
                return events
            }
            #expect(head.contains("text/event-stream"))
            return events
        }
        // withRunningServer returns once the whole service group has ended. A stream ended by the
        // graceful shutdown closes its chunked body ("0" chunk); had it held the server open, the
        // group would have cancelled it after its time limit, cutting the connection instead.
        var rest = ""
        while case .data(let more) = await events.read() { rest += more }
        #expect(rest.hasSuffix("0\r\n\r\n"), "the stream should end cleanly, got \(rest.debugDescription)")
    }
}
