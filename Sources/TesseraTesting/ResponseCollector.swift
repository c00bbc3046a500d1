import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

// MARK: - ResponseCollector

/// Where an in-process response writes its body: every buffer kept, in order, and the trailing
/// headers, to read once the body is written.
struct ResponseCollector: ResponseBodyWriter {
    /// What was written, shared with every copy of the writer.
    let parts = Parts()

    /// Keeps `buffer`.
    func write(_ buffer: ByteBuffer) async throws {
        _ = parts.body.withLock { $0.writeImmutableBuffer(buffer) }
    }

    /// Keeps the trailing headers.
    func finish(_ trailingHeaders: HTTPFields?) async throws {
        parts.trailers.withLock { $0 = trailingHeaders }
    }

    // MARK: - Parts

    /// The written body and trailers.
    final class Parts: Sendable {
        /// Every byte written so far.
        let body = Mutex(ByteBuffer())
        /// The trailing headers, once the body is finished.
        let trailers = Mutex<HTTPFields?>(nil)
    }
}
