import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Testing

@testable import Tessera

/// A graceful shutdown drains the process: `/up` says 503 at once while the port still
/// accepts (the grace), then the port closes, a request in flight is answered, and the whole
/// service group ends.
@Suite("Drain")
struct DrainTests {
    @Test("/up turns 503 while new connections are still accepted; then the port closes and the group ends")
    func drainOrder() async throws {
        var folder = try AppFolder(templates: FixtureTemplates.all)
        defer { folder.remove() }
        folder.configuration.port = 0
        folder.configuration.drainGrace = .seconds(300)  // ended below, once the probes saw it: no race with a loaded machine
        var quiet = Logger(label: "drain-test")
        quiet.logLevel = .critical
        let (ports, found) = AsyncStream<Int>.makeStream()
        let (group, site) = try await EchoApp().makeServingGroup(folder.configuration, logger: quiet, drainsOnSignals: false) { channel in
            found.yield(channel.localAddress?.port ?? 0)
        }
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            #expect(try await Self.status(port, "/up") == 200)
            // A request whose head arrived before the drain, its body still on the way.
            let inFlight = try RawConnection(port: port)
            inFlight.send("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 6\r\n\r\nab")
            var echoes = EchoApp.started.stream.makeAsyncIterator()
            _ = await echoes.next()  // its handler runs: the drain begins with it in flight
            await group.triggerGracefulShutdown()
            var answers: [Int] = []
            // Probed every 10 ms, not in a tight loop: a loaded machine may take a while to begin
            // the drain, and thousands of connections a second would meet the flood guard.
            while answers.last != 503 {
                answers.append(try await Self.status(port, "/up"))
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(Set(answers).isSubset(of: [200, 503]), "every probe was answered: \(answers)")
            // Fresh connections are still served during the grace.
            #expect(try await Self.status(port, "/items") == 200)
            site.health.endGrace()
            var refused = false
            while !refused {
                do { _ = try await Self.status(port, "/up") } catch { refused = true }
                try await Task.sleep(for: .milliseconds(10))
            }
            inFlight.send("cdef")
            var reply = ""
            while case .data(let more) = await inFlight.read() { reply += more }
            #expect(reply.hasPrefix("HTTP/1.1 200"), "the request in flight is answered after the port closed: \(reply.debugDescription)")
            #expect(reply.hasSuffix("got 6 bytes"), "\(reply)")
            try await tasks.waitForAll()
        }
    }

    /// The status of `GET path` on a new connection to `port`; throws when the connection is
    /// refused (or closed before an answer).
    static func status(_ port: Int, _ path: String) async throws -> Int {
        let connection = try RawConnection(port: port)
        connection.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        var text = ""
        while case .data(let more) = await connection.read() { text += more }
        guard text.hasPrefix("HTTP/1.1 "), let code = Int(text.dropFirst(9).prefix(3)) else { throw POSIXError(.ECONNRESET) }
        return code
    }
}

/// The fixture app with a route that answers once it has read its whole body.
struct EchoApp: TesseraApp {
    /// Yields as each `/echo` request's handler begins.
    static let started = AsyncStream<Void>.makeStream()

    var scenes: [Scene.Type] { [ItemsScene.self] }
    var layout: String? { "Layouts/Main" }
    func migrations(_ steps: inout Migrations) { FixtureApp().migrations(&steps) }

    func addRoutes(to router: Router<TesseraRequestContext>, site: Site) {
        router.post("/echo") { request, _ -> Response in
            EchoApp.started.continuation.yield()
            let body = try await request.body.collect(upTo: 1 << 16)
            return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "got \(body.readableBytes) bytes")))
        }
    }
}
