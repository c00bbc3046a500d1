import Foundation
import NIOCore
import NIOPosix
import NIOTLS

// MARK: - SMTPClient

/// Sends one message over SMTP (RFC 5321): connects (in TLS for ``SMTPServer/Security/tls``),
/// says EHLO, upgrades with STARTTLS (RFC 3207) as ``SMTPServer/security`` asks and says EHLO
/// again, signs in with `AUTH PLAIN` (RFC 4954) only over TLS, gives the envelope (MAIL FROM,
/// RCPT TO), sends the message after DATA, and QUITs. Any reply outside 2xx/3xx where one is
/// expected is a ``MailError/refused(command:reply:)``. Every line it writes is made from checked
/// addresses (``MailAddress``) and a message whose lines ``Mail`` already ended with CRLF and
/// dot-stuffed.
struct SMTPClient {
    let server: SMTPServer
    let heloName: String
    /// How long the whole exchange may take.
    var timeout: Duration = .seconds(30)

    func send(_ message: String, from: MailAddress, to recipients: [MailAddress]) async throws {
        try await exchange((message, from, recipients))
    }

    /// Checks that the server can take mail: connects, says EHLO, upgrades to TLS and signs in
    /// as ``send(_:from:to:)`` would, then QUITs without sending anything (`tessera doctor`).
    func verify() async throws {
        try await exchange(nil)
    }

    /// The whole exchange, with `envelope`'s message sent, or none.
    private func exchange(_ envelope: (message: String, from: MailAddress, to: [MailAddress])?) async throws {
        let tls = try SMTPTLS(trusting: server.trustRoots)
        let (host, implicitTLS) = (server.host, server.security == .tls)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: server.host, port: server.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if implicitTLS { try channel.pipeline.syncOperations.addHandler(try tls.handler(host: host)) }
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await channel.executeThenClose { inbound, outbound in
                    var replies = ReplyReader(inbound.makeAsyncIterator())
                    do {
                        try await replies.expect(220, after: "the greeting")
                        @discardableResult
                        func command(_ line: String, expecting code: Int, naming name: String? = nil) async throws -> [String] {
                            try await outbound.write(ByteBuffer(string: line + "\r\n"))
                            return try await replies.expect(code, after: name ?? String(line.prefix { $0 != ":" && $0 != " " }))
                        }
                        let capabilities = try await command("EHLO \(heloName)", expecting: 250)
                        var encrypted = implicitTLS
                        let offersTLS = SMTPTLS.isAvailable && capabilities.contains { $0.uppercased() == "STARTTLS" }
                        if !encrypted, server.security == .startTLS, !offersTLS {
                            throw MailError.refused(command: "STARTTLS", reply: "the server does not offer STARTTLS, which this server setting requires")
                        }
                        if !encrypted, offersTLS {
                            try await command("STARTTLS", expecting: 220)
                            let handshake = channel.channel.eventLoop.makePromise(of: Void.self)
                            try await channel.channel.eventLoop.submit {
                                let handlers = channel.channel.pipeline.syncOperations
                                let encryption = try tls.handler(host: host)
                                try handlers.addHandler(encryption, position: .first)
                                try handlers.addHandler(HandshakeWatcher(handshake), position: .after(encryption))
                            }.get()
                            try await handshake.futureResult.get()  // a refused certificate fails here, not as a closed channel
                            encrypted = true
                            try await command("EHLO \(heloName)", expecting: 250)
                        }
                        if let username = server.username, let password = server.password {
                            guard encrypted else { throw MailError.refused(command: "AUTH", reply: "not over an unencrypted connection") }
                            let plain = Data(("\0" + username + "\0" + password).utf8).base64EncodedString()
                            try await command("AUTH PLAIN " + plain, expecting: 235, naming: "AUTH")
                        }
                        if let (message, from, recipients) = envelope {
                            try await command("MAIL FROM:<\(from.text)>", expecting: 250)
                            for recipient in recipients { try await command("RCPT TO:<\(recipient.text)>", expecting: 250) }
                            try await command("DATA", expecting: 354)
                            try await outbound.write(ByteBuffer(string: message))
                            try await replies.expect(250, after: "the message")
                        }
                        try await outbound.write(ByteBuffer(string: "QUIT\r\n"))
                    } catch let error where SMTPTLS.isFailure(error) {
                        throw MailError.tls("\(error)")
                    } catch {
                        // QUIT makes the server close the connection; a TLS one closed by this
                        // side alone would wait for the server's own farewell.
                        try? await outbound.write(ByteBuffer(string: "QUIT\r\n"))
                        throw error
                    }
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw MailError.unreadableReply("no reply within \(timeout)")
            }
            try await group.next()
            group.cancelAll()
        }
    }

    // MARK: - Handshake

    /// Completes `promise` when the TLS handshake after STARTTLS ends: with success, or with the
    /// handshake's error (an untrusted certificate) or the connection's end.
    final class HandshakeWatcher: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny
        private let promise: EventLoopPromise<Void>
        private var done = false

        init(_ promise: EventLoopPromise<Void>) { self.promise = promise }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case .handshakeCompleted = event as? TLSUserEvent { finish(nil) }
            context.fireUserInboundEventTriggered(event)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            finish(error)
            context.fireErrorCaught(error)
        }

        func channelInactive(context: ChannelHandlerContext) {
            finish(ChannelError.ioOnClosedChannel)
            context.fireChannelInactive()
        }

        private func finish(_ error: (any Error)?) {
            guard !done else { return }
            done = true
            if let error { promise.fail(error) } else { promise.succeed() }
        }
    }

    // MARK: - Replies

    /// Reads SMTP replies (`250-…` lines then `250 …`) from the inbound bytes.
    struct ReplyReader {
        var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
        var pending = ""

        init(_ iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator) { self.iterator = iterator }

        /// The next whole reply: its code and the text of each of its lines.
        mutating func next() async throws -> (code: Int, lines: [String]) {
            var lines: [String] = []
            while true {
                while let end = pending.range(of: "\r\n") {
                    let line = String(pending[..<end.lowerBound])
                    pending.removeSubrange(..<end.upperBound)
                    guard line.utf8.count >= 3, let code = Int(line.prefix(3)) else { throw MailError.unreadableReply(line) }
                    lines.append(String(line.dropFirst(4)))
                    if line.utf8.count == 3 || line[line.index(line.startIndex, offsetBy: 3)] == " " { return (code, lines) }
                }
                guard pending.utf8.count < 64 * 1024, let buffer = try await iterator.next() else {
                    throw MailError.unreadableReply(pending.isEmpty ? "the connection closed" : pending)
                }
                pending += String(buffer: buffer)
            }
        }

        /// Reads a reply and throws unless its code is `code`; its lines.
        @discardableResult
        mutating func expect(_ code: Int, after command: String) async throws -> [String] {
            let reply = try await next()
            guard reply.code == code else {
                throw MailError.refused(command: command, reply: "\(reply.code) \(reply.lines.joined(separator: " "))")
            }
            return reply.lines
        }
    }
}
