import Hummingbird
import ServiceLifecycle

// MARK: - LogBufferFlusher

/// Flushes a ``LogBuffer`` one ``interval`` after a line arrives in it, and once more when a
/// graceful shutdown (SIGTERM, SIGINT) ends it, so lines wait at most one interval and none is
/// left in memory when the server stops. While nothing is logged it sleeps. Run it among the application's services (`serve` does).
struct LogBufferFlusher: Service {
    /// The buffer flushed.
    let buffer: LogBuffer
    /// How long a line may wait in the buffer; default 200 milliseconds.
    let interval: Duration

    /// A flusher of `buffer` every `interval` (default 200 ms).
    init(buffer: LogBuffer, interval: Duration = .milliseconds(200)) {
        self.buffer = buffer
        self.interval = interval
    }

    /// Flushes after lines arrive until a graceful shutdown, then flushes what is left.
    func run() async throws {
        await repeatWhenRung(buffer.gotLines, after: interval) { buffer.flush() }
        buffer.flush()
    }
}
