import Foundation
import Logging
import Testing

@testable import Tessera

/// Dev mode ends promptly on SIGINT/SIGTERM even while a page keeps `/_tessera/events` open:
/// the graceful shutdown those signals start ends every event stream.
@Suite("Dev server shutdown")
struct DevShutdownTests {
    @Test("graceful shutdown ends open event streams and the server exits")
    func shutdownEndsEventStreams() async throws {
        var folder = try AppFolder(templates: FixtureTemplates.all)
        folder.configuration.mode = .development
        defer { folder.remove() }
        let lines = LogCapture()
        let logger = Logger(label: "capture") { _ in lines }
        let closed = try await withRunningServer(FixtureApp(), folder.configuration, logger: logger) { port in
            let events = try RawConnection(port: port)
            events.send("GET /_tessera/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let answer = await events.read()
            guard case .data(let head) = answer else {
                Issue.record("no answer from the events route: \(answer)")
                return false
            }
            #expect(head.contains("text/event-stream"))
            return true
        }
        // withRunningServer returns only once the whole service group has ended; had the event
        // stream held the server open, the group would have had to cancel it after 15 s.
        #expect(closed)
        #expect(!lines.messages.contains { $0.contains("Graceful shutdown took longer") }, "\(lines.messages)")
    }
}
