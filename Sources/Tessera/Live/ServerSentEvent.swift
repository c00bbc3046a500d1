import NIOCore

// MARK: - ServerSentEvent

/// One server-sent event as the `text/event-stream` format writes it: its name, an id the
/// browser sends back as `Last-Event-ID` when it reconnects, and its data, one `data:` line per
/// line of text (a browser joins them with line feeds).
struct ServerSentEvent: Sendable {
    /// The event's name (`update`, `gone`): a fixed word, never text from a request.
    let name: String
    /// The text carried.
    let data: String
    /// The id, or nil for none.
    var id: String?

    /// The bytes that set a browser's last event id to `id` and dispatch no event (a block with
    /// an id and no data).
    static func lastEventID(_ id: String) -> ByteBuffer {
        ByteBuffer(string: "id: \(id)\n\n")
    }

    /// The event's bytes, ending with the blank line that dispatches it.
    var bytes: ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(data.utf8.count + 64)
        if let id { buffer.writeString("id: \(id)\n") }
        buffer.writeString("event: \(name)\n")
        // CR, LF and CRLF each end a line of the format: each gets its own `data:` line.
        for line in data.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            buffer.writeString("data: ")
            buffer.writeSubstring(line)
            buffer.writeString("\n")
        }
        buffer.writeString("\n")
        return buffer
    }
}
