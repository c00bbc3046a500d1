import Foundation
import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// Connections end: the server Tessera sets up closes a connection that sends half a request
/// head, or nothing, once ``TesseraConfiguration/connectionTimeout`` has passed — through a
/// real socket.
@Suite("Connection timeouts")
struct ConnectionTimeoutTests {
    static func folder() throws -> AppFolder {
        var folder = try AppFolder(templates: FixtureTemplates.all)
        folder.configuration.connectionTimeout = .seconds(3)
        return folder
    }

    @Test("a connection that never finishes its request head is closed")
    func halfSentRequestIsClosed() async throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        try await withRunningServer(FixtureApp(), folder.configuration) { port in
            let connection = try RawConnection(port: port)
            connection.send("GET /items HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
            #expect(await connection.waitForClose(), "the server should hang up on a half-sent head")
        }
    }

    @Test("an idle connection is closed, and a finished request's connection after it goes idle")
    func idleConnectionIsClosed() async throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        try await withRunningServer(FixtureApp(), folder.configuration) { port in
            let silent = try RawConnection(port: port)
            #expect(await silent.waitForClose(), "a connection that sends nothing is closed")

            let served = try RawConnection(port: port)
            served.send("GET /items HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let result = await served.read()
            guard case .data(let answer) = result else {
                Issue.record("no answer to a whole request: \(result)")
                return
            }
            #expect(answer.hasPrefix("HTTP/1.1 200"))
            #expect(await served.waitForClose(), "the kept-alive connection is closed once idle")
        }
    }
}
