import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// The connection guard alone, on an embedded channel whose clock the test moves: a connection
/// past the cap is closed at once and its place is not taken; a request head must arrive within
/// the deadline of the opening or of the last response's end, and none runs while a request is
/// answered. Then the cap through a real socket.
@Suite("Connection guard")
struct ConnectionGuardTests {
    static let deadline = TimeAmount.seconds(2)

    static func connection(_ connections: OpenConnections) throws -> EmbeddedChannel {
        var logger = Logger(label: "guard-test")
        logger.logLevel = .critical
        let channel = EmbeddedChannel(handler: ConnectionGuard(connections: connections, headDeadline: deadline, logger: logger))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9)).wait()
        return channel
    }

    static let head = HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "localhost", path: "/"))

    // MARK: - The cap

    @Test("a connection past the cap is closed at once; a closed one makes room")
    func cap() throws {
        let connections = OpenConnections(cap: 2)
        let first = try Self.connection(connections)
        let second = try Self.connection(connections)
        let third = try Self.connection(connections)
        #expect(first.isActive && second.isActive)
        #expect(!third.isActive, "past the cap, closed at once")
        #expect(connections.current == 2)
        _ = try first.finish()
        #expect(connections.current == 1)
        let fourth = try Self.connection(connections)
        #expect(fourth.isActive)
        #expect(connections.current == 2)
        _ = try? second.finish()
        _ = try? fourth.finish()
        #expect(connections.current == 0)
    }

    // MARK: - A stream's end

    @Test("a client that stops sending while an event stream is answered is closed at once, and the stream's exit sees it")
    func streamClientLeaves() throws {
        let channel = try Self.connection(OpenConnections(cap: 10))
        let exit = StreamExit()
        exit.watch(channel.closeFuture)
        try channel.writeInbound(Self.head)
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok, headerFields: [.contentType: "text/event-stream"])))
        #expect(!exit.hasEnded)
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(!channel.isActive)
        channel.embeddedEventLoop.run()  // the close future's callbacks
        #expect(exit.hasEnded)
    }

    @Test("a client that stops sending while a page is answered keeps its connection until the page is written")
    func pageClientHalfCloses() throws {
        let channel = try Self.connection(OpenConnections(cap: 10))
        try channel.writeInbound(Self.head)
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok, headerFields: [.contentType: "text/html"])))
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(channel.isActive)
        _ = try? channel.finish()
    }

    // MARK: - The head deadline

    @Test("no head within the deadline of the opening: closed at it, not before")
    func noHead() throws {
        let connections = OpenConnections(cap: 10)
        let channel = try Self.connection(connections)
        channel.embeddedEventLoop.advanceTime(by: Self.deadline - .milliseconds(1))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive)
        #expect(connections.current == 0, "its place is given back")
    }

    @Test("a head in time stops the deadline; the response's end starts a new one")
    func headThenResponse() throws {
        let channel = try Self.connection(OpenConnections(cap: 10))
        let loop = channel.embeddedEventLoop
        loop.advanceTime(by: .milliseconds(1500))
        try channel.writeInbound(Self.head)
        loop.advanceTime(by: .seconds(10))  // answering takes long: no deadline runs meanwhile
        #expect(channel.isActive)
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        loop.advanceTime(by: Self.deadline - .milliseconds(1))
        #expect(channel.isActive)
        try channel.writeInbound(Self.head)
        loop.advanceTime(by: .seconds(5))
        #expect(channel.isActive, "a second request, in time, is answered however long it takes")
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        loop.advanceTime(by: Self.deadline)
        #expect(!channel.isActive, "idle after the response: closed at the deadline")
    }

    @Test("pipelined heads: the deadline starts only once every one is answered")
    func pipelined() throws {
        let channel = try Self.connection(OpenConnections(cap: 10))
        let loop = channel.embeddedEventLoop
        try channel.writeInbound(Self.head)
        try channel.writeInbound(Self.head)
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        loop.advanceTime(by: Self.deadline * 3)
        #expect(channel.isActive, "the second request is still being answered")
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        loop.advanceTime(by: Self.deadline)
        #expect(!channel.isActive)
    }

    // MARK: - Through a real socket

    @Test("a server capped at 2 closes a third connection at once and serves the two it has")
    func capThroughSocket() async throws {
        var folder = try AppFolder(templates: FixtureTemplates.all)
        folder.configuration.maxConnections = 2
        defer { folder.remove() }
        try await withRunningServer(FixtureApp(), folder.configuration) { port in
            let first = try RawConnection(port: port)
            let second = try RawConnection(port: port)
            first.send("GET /items HTTP/1.1\r\nHost: localhost\r\n\r\n")
            guard case .data(let answer) = await first.read() else {
                Issue.record("the first connection was not served")
                return
            }
            #expect(answer.hasPrefix("HTTP/1.1 200"))
            let third = try RawConnection(port: port)
            third.send("GET /items HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(await third.read() == .closed, "past the cap: closed without an answer")
            second.send("GET /items HTTP/1.1\r\nHost: localhost\r\n\r\n")
            guard case .data(let served) = await second.read() else {
                Issue.record("the second connection was not served")
                return
            }
            #expect(served.hasPrefix("HTTP/1.1 200"))
        }
    }
}
