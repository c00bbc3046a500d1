#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

// MARK: - LogBuffer

/// Log lines held in memory and written to a file descriptor in large writes: when
/// ``capacity`` bytes have gathered, when ``flush()`` is called (``LogBufferFlusher`` calls it
/// every few hundred milliseconds and at shutdown), and at once after a warning or worse
/// (``BufferedLogHandler``). nginx's `access_log … buffer= flush=` works the same way.
///
/// A server logs a line per request. Written one `write(2)` per line, as swift-log's
/// `StreamLogHandler` does, the log would cost every page a system call; buffered, a write
/// carries hundreds of lines. Lines keep their order: they are appended and written under
/// one lock. A crash (a trap) loses what is buffered, at most one flush interval of info
/// lines; warnings and errors are already written.
final class LogBuffer: Sendable {
    /// Bytes gathered before a write happens without waiting for a flush; default 64 KiB.
    let capacity: Int
    private let descriptor: Int32
    private let pending: Mutex<[UInt8]>
    /// Rung when a line arrives in an empty buffer: ``LogBufferFlusher`` waits for it.
    let gotLines = Doorbell()

    /// A buffer writing to `descriptor` (default standard error, where swift-log's default
    /// handler writes) once `capacity` bytes (default 64 KiB) gather or on ``flush()``.
    init(descriptor: Int32 = STDERR_FILENO, capacity: Int = 64 * 1024) {
        self.descriptor = descriptor
        self.capacity = max(capacity, 1)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(self.capacity)
        pending = Mutex(bytes)
    }

    // MARK: - Writing

    /// Appends `text`; writes the buffer if it now holds ``capacity`` bytes or more.
    func append(_ text: String) {
        let wasEmpty = pending.withLock { bytes in
            let wasEmpty = bytes.isEmpty
            bytes.append(contentsOf: text.utf8)
            if bytes.count >= capacity { write(&bytes) }
            return wasEmpty
        }
        if wasEmpty { gotLines.ring() }
    }

    /// Writes everything buffered now (nothing when empty).
    func flush() {
        pending.withLock { bytes in write(&bytes) }
    }

    /// How many bytes wait to be written.
    var bufferedCount: Int { pending.withLock { $0.count } }

    /// Writes `bytes` whole (retrying short writes and interrupts) and empties them, keeping
    /// their capacity. A failing descriptor drops the lines: a log never stops the server.
    private func write(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }

    // MARK: - Stream

    /// A `TextOutputStream` appending to this buffer, for swift-log's `StreamLogHandler`.
    var stream: Stream { Stream(buffer: self) }

    /// Appends what is written to it to its ``LogBuffer``.
    struct Stream: TextOutputStream, Sendable {
        let buffer: LogBuffer

        /// Appends `string` to the buffer.
        mutating func write(_ string: String) { buffer.append(string) }
    }
}

/// `write(2)`, named apart from ``LogBuffer``'s own method.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
