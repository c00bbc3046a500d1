import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

// MARK: - BodyCollector

/// Collects a response body written in the process (a live stream's render of a fragment).
struct BodyCollector: ResponseBodyWriter {
    /// What was written, shared with every copy of the writer.
    final class Bytes: Sendable {
        let buffer = Mutex(ByteBuffer())
    }

    let bytes = Bytes()

    func write(_ buffer: ByteBuffer) async throws {
        _ = bytes.buffer.withLock { $0.writeImmutableBuffer(buffer) }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
