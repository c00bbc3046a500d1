import CompressNIO
import NIOCore
import Synchronization

// MARK: - GzipCompressors

/// Reusable gzip compressors: for responses (``CompressionMiddleware``) and, at level 9, for
/// the public folder's text files at start-up (`StaticFiles`). A zlib stream allocates about
/// 256 KiB when it starts; made per response, that allocation (and its page faults) would cost
/// more than compressing a page. Compressors are kept here and reset between uses; at most
/// ``capacity`` wait idle, any more in use at once are made and dropped.
final class GzipCompressors: Sendable {
    /// Idle compressors kept; default 4 (a few per core).
    let capacity: Int
    /// zlib level 1–9; default 5. On this project's pages levels 1 to 6 cost about the same
    /// (a 5 KB page: 1,363 bytes at 1, 1,278 at 5, 1,267 at 6).
    let level: Int32
    private let idle = Mutex<[Compressor]>([])

    /// A zlib stream used by one caller at a time (taken from and given back to the pool).
    private final class Compressor: @unchecked Sendable {
        let zlib: ZlibCompressor
        init(zlib: ZlibCompressor) { self.zlib = zlib }
    }

    /// A pool keeping at most `capacity` idle compressors of zlib level `level`.
    init(capacity: Int = 4, level: Int32 = 5) {
        self.capacity = capacity
        self.level = level
    }

    /// `body` gzipped; nil when zlib fails (the caller sends the body as it is).
    func gzip(_ body: ByteBuffer) -> ByteBuffer? {
        guard let compressor = take() else { return nil }
        var input = body
        var output = ByteBufferAllocator().buffer(capacity: compressor.zlib.maxSize(from: input))
        do {
            try compressor.zlib.deflate(from: &input, to: &output, flush: .finish)
            try compressor.zlib.reset()
        } catch {
            return nil  // the stream's state is unknown: dropped, not given back
        }
        giveBack(compressor)
        return output
    }

    /// Whether a `Content-Type` is text worth compressing: `text/*` (event streams excluded),
    /// JSON, JavaScript, XML and SVG.
    static func compresses(contentType: String) -> Bool {
        if contentType == HTMLResponse.contentType { return true }
        let type = contentType.prefix { $0 != ";" }.lowercased()
        guard type != "text/event-stream" else { return false }
        return type.hasPrefix("text/") || type == "application/json" || type == "application/javascript"
            || type == "image/svg+xml" || type == "application/xml"
    }

    private func take() -> Compressor? {
        if let compressor = idle.withLock({ $0.popLast() }) { return compressor }
        let configuration = ZlibConfiguration(windowSize: 15, compressionLevel: level, memoryLevel: 8, strategy: .default)
        return (try? ZlibCompressor(algorithm: .gzip, configuration: configuration)).map(Compressor.init)
    }

    private func giveBack(_ compressor: Compressor) {
        idle.withLock { idle in
            if idle.count < capacity { idle.append(compressor) }
        }
    }
}
