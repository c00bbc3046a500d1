import Logging

// MARK: - LogFormat

/// How `serve` writes its log (``TesseraConfiguration/logFormat``).
package enum LogFormat: String, Sendable, CaseIterable {
    /// swift-log's line: `2026-12-07T12:00:00+0000 info Book Club: [tessera] GET /books/2 200 9.24ms sql=6 [...]`.
    case text
    /// One JSON object per line, for a log shipper: `time`, `level`, `label`, `message`, then
    /// the line's metadata as keys — for a request `request_id`, `method`, `path`, `route` (the
    /// route's pattern, `/books/:id`), `status`, `duration_ms`, `statements` and, when signed in,
    /// `member_id`; for a job `request_id` of the request that enqueued it.
    case json
}

extension LogFormat {
    /// A logger labelled `label` writing lines of this format into `buffer`.
    func logger(label: String, buffer: LogBuffer) -> Logger {
        switch self {
        case .text: Logger(label: label) { BufferedLogHandler(label: $0, buffer: buffer) }
        case .json: Logger(label: label) { JSONLogHandler(label: $0, buffer: buffer) }
        }
    }
}
