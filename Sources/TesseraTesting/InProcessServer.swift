import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

import Tessera

// MARK: - InProcessServer

/// A router served in the test's own process: each request goes straight to the router's
/// responder as a Hummingbird `Request`, with no socket, no HTTP parser and no HTTP client, and
/// its `services` run beside the test.
///
/// ```swift
/// let router = Router(context: TesseraRequestContext.self)
/// router.get("/hello") { _, _ in "Hello" }
/// try await InProcessServer(router: router).test { client in
///     #expect(try await client.get("/hello").text == "Hello")
/// }
/// ```
///
/// ``TestApp/test(keepingFiles:_:)`` serves an app's router this way.
public struct InProcessServer: Sendable {
    /// The peer address of every in-process request: the loopback address, as for a browser on
    /// the same machine (throttles and lockouts count it as one client).
    public static let clientAddress = try! SocketAddress(ipAddress: "127.0.0.1", port: 0)

    /// What answers the requests: the router's responder.
    let responder: any HTTPResponder<TesseraRequestContext>
    /// The services running while a test runs.
    public let services: [any Service]
    /// The logger of the services and of every request's context.
    public let logger: Logger

    /// A server for `router`, running `services` while a test runs (default none), logging to
    /// `logger` (default one labelled `Tessera` at the level `LOG_LEVEL` names, or `info`).
    public init(router: Router<TesseraRequestContext>, services: [any Service] = [], logger: Logger? = nil) {
        responder = router.buildResponder()
        self.services = services
        self.logger = logger ?? Self.logger(label: "Tessera")
    }

    // MARK: - Testing

    /// Runs `body` with a client of this server. With services, they are started first (the
    /// body runs once every one has been started), then shut down gracefully when the body ends
    /// and awaited: a service that fails fails the test, after the body's own error if any.
    public func test<Value>(_ body: (TestClient) async throws -> Value) async throws -> Value {
        let client = TestClient(server: self)
        guard !services.isEmpty else { return try await body(client) }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            let (started, signal) = AsyncStream.makeStream(of: Void.self)
            let serviceGroup = ServiceGroup(
                configuration: .init(services: services + [StartSignal(signal: signal)], logger: logger))
            group.addTask {
                defer { signal.finish() }  // a group that ends before starting them all lets the body run
                try await serviceGroup.run()
            }
            await started.first { _ in true }
            let value: Value
            do {
                value = try await body(client)
            } catch {
                await serviceGroup.triggerGracefulShutdown()
                try? await group.waitForAll()
                throw error
            }
            await serviceGroup.triggerGracefulShutdown()
            try await group.waitForAll()
            return value
        }
    }

    // MARK: - Responding

    /// The router's answer to one request, as the served app would give it: an error that no
    /// middleware turned into a response becomes an empty `500 Internal Server Error`.
    func respond(method: HTTPRequest.Method, uri: String, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let head = HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers)
        let request = Request(head: head, body: RequestBody(buffer: body ?? ByteBuffer()))
        var logger = logger
        logger[metadataKey: "hb.request.id"] = .stringConvertible(RequestID())
        let context = TesseraRequestContext(inProcess: logger, remoteAddress: Self.clientAddress)
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            logger.debug("Unrecognised Error", metadata: ["error.type": "\(error)"])
            response = Response(status: .internalServerError, body: .init())
        }
        let collector = ResponseCollector()
        try await response.body.write(collector)
        return TestResponse(
            head: response.head, body: collector.parts.body.withLock { $0 }, trailerHeaders: collector.parts.trailers.withLock { $0 })
    }

    // MARK: - Logging

    /// A logger labelled `label`, at the level the environment variable `LOG_LEVEL` names
    /// (`trace` … `critical`), or `info`: as Hummingbird's own application logger.
    static func logger(label: String) -> Logger {
        var logger = Logger(label: label)
        if let level = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) {
            logger.logLevel = level
        }
        return logger
    }
}
