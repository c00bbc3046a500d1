import Logging

// MARK: - BufferedLogHandler

/// swift-log's `StreamLogHandler` (same line format, level and metadata) writing into a
/// ``LogBuffer``, which it flushes right after a line at `warning` or worse, so problems are
/// written at once while routine lines (one per request) wait for the next flush.
///
/// `serve` bootstraps its logger with it and runs a ``LogBufferFlusher`` beside the server.
struct BufferedLogHandler: LogHandler {
    private var handler: StreamLogHandler
    private let buffer: LogBuffer

    /// A handler labelled `label` writing to `buffer`.
    init(label: String, buffer: LogBuffer) {
        handler = StreamLogHandler(label: label, stream: buffer.stream)
        self.buffer = buffer
    }

    // MARK: - LogHandler

    /// Formats `event` as `StreamLogHandler` does into the buffer; flushes it for `warning` and
    /// worse.
    func log(event: LogEvent) {
        handler.log(event: event)
        if event.level >= .warning { buffer.flush() }
    }

    /// The lowest level logged; default `info`.
    var logLevel: Logger.Level {
        get { handler.logLevel }
        set { handler.logLevel = newValue }
    }

    /// Metadata added to every line.
    var metadata: Logger.Metadata {
        get { handler.metadata }
        set { handler.metadata = newValue }
    }

    /// One metadata value.
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { handler[metadataKey: key] }
        set { handler[metadataKey: key] = newValue }
    }
}
