import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization
import Tessera
import TesseraTesting
import Testing

/// TesseraTesting's in-process server: a request reaches the router as the test sent it, the
/// answer comes back whole, errors become what the served app answers, and services run
/// around the test.
@Suite("In-process server")
struct InProcessServerTests {
    // MARK: - Requests and responses

    @Test("a request reaches the router as sent: method, path and query, headers, body and its length; the peer is loopback")
    func requestsArriveAsSent() async throws {
        try await InProcessServer(router: Self.router()).test { client in
            let response = try await client.send(
                method: .put, uri: "/echo?x=1&y=%C3%A9", headers: [Self.greeting: "hi"], body: ByteBuffer(string: "payload"))
            #expect(response.status == .created)
            #expect(response.headers[Self.seen] == "PUT /echo?x=1&y=%C3%A9 length=7 greeting=hi peer=127.0.0.1")
            #expect(response.text == "payload")
            let empty = try await client.send(method: .put, uri: "/echo")
            #expect(empty.headers[Self.seen] == "PUT /echo length=none greeting=none peer=127.0.0.1")
            #expect(empty.body.readableBytes == 0)
        }
    }

    @Test("a body written in pieces arrives whole, with its trailing headers")
    func bodiesArriveWhole() async throws {
        try await InProcessServer(router: Self.router()).test { client in
            let response = try await client.get("/pieces")
            #expect(response.status == .ok)
            #expect(response.text == "one,two")
            #expect(response.trailerHeaders?[Self.done] == "yes")
        }
    }

    @Test("an error is answered as the served app answers it: an HTTPError with its status, anything else an empty 500")
    func errorsAnswerAsServed() async throws {
        let router = Self.router()
        let inProcess = try await InProcessServer(router: router).test { client in
            var answers: [String: (Int, String)] = [:]
            for path in Self.failing {
                let response = try await client.get(path)
                answers[path] = (response.status.code, response.text)
            }
            return answers
        }
        #expect(inProcess["/boom"]?.0 == 500 && inProcess["/boom"]?.1 == "")
        #expect(inProcess["/teapot"]?.0 == 418 && inProcess["/teapot"]?.1.contains("short and stout") == true)
        #expect(inProcess["/nowhere"]?.0 == 404)
        let served = try await Self.withServed(router) { port in
            var answers: [String: (Int, String)] = [:]
            for path in Self.failing { answers[path] = try await Self.fetchServed(path, port: port) }
            return answers
        }
        for path in Self.failing {
            #expect(inProcess[path]?.0 == served[path]?.0, "\(path)")
            #expect(inProcess[path]?.1 == served[path]?.1, "\(path)")
        }
    }

    // MARK: - Services

    @Test("services are running while the test runs, and are shut down gracefully before it returns")
    func servicesRunAroundTheTest() async throws {
        let log = EventLog()
        let (started, signal) = AsyncStream.makeStream(of: Void.self)
        let server = InProcessServer(router: Self.router(), services: [WatchedService(log: log, started: signal)])
        let during = try await server.test { client in
            await started.first { _ in true }
            let response = try await client.get("/pieces")
            #expect(response.status == .ok)
            return log.events
        }
        #expect(during == ["started"])
        #expect(log.events == ["started", "shut down gracefully"])
    }

    @Test("a service that fails fails the test, after the body ran")
    func failingServiceFailsTheTest() async throws {
        let log = EventLog()
        let server = InProcessServer(router: Self.router(), services: [FailingService()])
        await #expect(throws: Boom.self) {
            try await server.test { client in
                log.append("body ran: \(try await client.get("/pieces").text)")
            }
        }
        #expect(log.events == ["body ran: one,two"])
    }

    // MARK: - Fixtures

    static let greeting = HTTPField.Name("X-Greeting")!
    static let seen = HTTPField.Name("X-Seen")!
    static let done = HTTPField.Name("X-Done")!
    static let failing = ["/boom", "/teapot", "/nowhere"]

    /// An error no middleware knows.
    struct Boom: Error {}

    /// A router echoing what it was sent, failing on demand, and writing a body in pieces.
    static func router() -> Router<TesseraRequestContext> {
        let router = Router(context: TesseraRequestContext.self)
        router.put("/echo") { request, context -> Response in
            let body = try await request.body.collect(upTo: 1 << 20)
            let seen = "\(request.method) \(request.uri) length=\(request.headers[.contentLength] ?? "none")"
                + " greeting=\(request.headers[greeting] ?? "none") peer=\(context.remoteAddress?.ipAddress ?? "none")"
            return Response(status: .created, headers: [Self.seen: seen], body: .init(byteBuffer: body))
        }
        router.get("/boom") { _, _ -> String in throw Boom() }
        router.get("/teapot") { _, _ -> String in throw HTTPError(.init(code: 418, reasonPhrase: "I'm a teapot"), message: "short and stout") }
        router.get("/pieces") { _, _ -> Response in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "one,"))
                    try await writer.write(ByteBuffer(string: "two"))
                    try await writer.finish([done: "yes"])
                })
        }
        return router
    }

    /// Serves `router` on a free port of 127.0.0.1 with Hummingbird's own server, as `serve`
    /// does, while `body` runs with the port.
    static func withServed<Value: Sendable>(
        _ router: Router<TesseraRequestContext>, _ body: @Sendable (Int) async throws -> Value
    ) async throws -> Value {
        var quiet = Logger(label: "served")
        quiet.logLevel = .critical
        let (ports, portFound) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { portFound.yield($0.localAddress?.port ?? 0) }, logger: quiet)
        let group = ServiceGroup(configuration: .init(services: [application], logger: quiet))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            guard let port = await ports.first(where: { _ in true }) else { throw POSIXError(.ECONNREFUSED) }
            let value = try await body(port)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return value
        }
    }

    /// The status and body the server on `port` answers to a GET of `path`.
    static func fetchServed(_ path: String, port: Int) async throws -> (Int, String) {
        let connection = try RawConnection(port: port)
        connection.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        var text = ""
        while case .data(let more) = await connection.read() { text += more }
        let parts = text.components(separatedBy: "\r\n\r\n")
        let status = parts[0].split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return (status, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    // MARK: - Services under test

    /// What the services and the test saw, in order.
    final class EventLog: Sendable {
        private let entries = Mutex<[String]>([])

        /// Every event so far.
        var events: [String] { entries.withLock { $0 } }

        /// Adds `event`.
        func append(_ event: String) { entries.withLock { $0.append(event) } }
    }

    /// A service that says when it started and whether it was shut down gracefully (a
    /// cancellation would end it without the second event).
    struct WatchedService: Service {
        let log: EventLog
        let started: AsyncStream<Void>.Continuation

        func run() async throws {
            log.append("started")
            started.finish()
            try await gracefulShutdown()
            log.append("shut down gracefully")
        }
    }

    /// A service that fails as soon as it runs.
    struct FailingService: Service {
        func run() async throws { throw Boom() }
    }
}
