import Foundation
import NIOCore
import NIOPosix

// MARK: - SMTPClient

/// Sends one message over SMTP (RFC 5321): connects, says EHLO, gives the envelope (MAIL FROM,
/// RCPT TO), sends the message after DATA, and QUITs; any reply outside 2xx/3xx where one is
/// expected is a ``MailError/refused(command:reply:)``. Every line it writes is made from checked
/// addresses (``MailAddress``) and a message whose lines ``Mail`` already ended with CRLF and
/// dot-stuffed.
struct SMTPClient {
    let host: String
    let port: Int
    let heloName: String
    /// How long the whole exchange may take.
    var timeout: Duration = .seconds(30)

    func send(_ message: String, from: MailAddress, to recipients: [MailAddress]) async throws {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await channel.executeThenClose { inbound, outbound in
                    var replies = ReplyReader(inbound.makeAsyncIterator())
                    try await replies.expect(220, after: "the greeting")
                    func command(_ line: String, expecting code: Int) async throws {
                        try await outbound.write(ByteBuffer(string: line + "\r\n"))
                        try await replies.expect(code, after: String(line.prefix { $0 != ":" && $0 != " " }))
                    }
                    try await command("EHLO \(heloName)", expecting: 250)
                    try await command("MAIL FROM:<\(from.text)>", expecting: 250)
                    for recipient in recipients { try await command("RCPT TO:<\(recipient.text)>", expecting: 250) }
                    try await command("DATA", expecting: 354)
                    try await outbound.write(ByteBuffer(string: message))
                    try await replies.expect(250, after: "the message")
                    try await outbound.write(ByteBuffer(string: "QUIT\r\n"))
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

    // MARK: - Replies

    /// Reads SMTP replies (`250-…` lines then `250 …`) from the inbound bytes.
    struct ReplyReader {
        var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
        var pending = ""

        init(_ iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator) { self.iterator = iterator }

        /// The next whole reply: its code and its text.
        mutating func next() async throws -> (code: Int, text: String) {
            var text: [String] = []
            while true {
                while let end = pending.range(of: "\r\n") {
                    let line = String(pending[..<end.lowerBound])
                    pending.removeSubrange(..<end.upperBound)
                    guard line.utf8.count >= 3, let code = Int(line.prefix(3)) else { throw MailError.unreadableReply(line) }
                    text.append(String(line.dropFirst(4)))
                    if line.utf8.count == 3 || line[line.index(line.startIndex, offsetBy: 3)] == " " {
                        return (code, text.joined(separator: " "))
                    }
                }
                guard pending.utf8.count < 64 * 1024, let buffer = try await iterator.next() else {
                    throw MailError.unreadableReply(pending.isEmpty ? "the connection closed" : pending)
                }
                pending += String(buffer: buffer)
            }
        }

        /// Reads a reply and throws unless its code is `code`.
        mutating func expect(_ code: Int, after command: String) async throws {
            let reply = try await next()
            guard reply.code == code else { throw MailError.refused(command: command, reply: "\(reply.code) \(reply.text)") }
        }
    }
}
