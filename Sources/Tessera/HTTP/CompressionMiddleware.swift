import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

// MARK: - CompressionMiddleware

/// Gzips text responses (HTML, CSS, JavaScript, JSON, SVG, plain text) of at least
/// ``minimumSize`` bytes for clients that accept gzip, with `Vary: Accept-Encoding`.
///
/// Left as they are: responses already encoded (static files carry their precompressed form),
/// streams (no known length, such as server-sent events), `HEAD` answers, and every response
/// private to one person, as its request marked it (``PrivateResponseMark``: a member's page, or
/// one that read the CSRF or one-time token), whatever its `Cache-Control` says. Compressing a secret beside text an attacker can inject lets the
/// attacker guess the secret from the compressed sizes over HTTPS (the BREACH attack), so pages
/// holding secrets go out uncompressed.
struct CompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The smallest body compressed; default 1,024 bytes (below it, gzip's header and the work
    /// outweigh the saving).
    let minimumSize: Int
    private let compressors: GzipCompressors

    /// Compresses eligible responses of at least `minimumSize` bytes (default 1,024) at zlib
    /// level `level` (default 5).
    init(minimumSize: Int = 1024, level: Int = 5) {
        self.minimumSize = minimumSize
        compressors = GzipCompressors(level: Int32(max(1, min(level, 9))))
    }

    /// Runs the request, then compresses its response when it is eligible and the client
    /// accepts gzip.
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        guard request.method != .head, isPublicText(response, request, context) else { return response }
        if !response.headers[values: .vary].contains(where: { $0.lowercased().contains("accept-encoding") }) {
            response.headers.append(HTTPField(name: .vary, value: "Accept-Encoding"))
        }
        guard StaticFileMiddleware<Context>.acceptsGzip(request.headers) else { return response }
        // The body is written once, here; what goes out is these bytes, compressed or not.
        let body = try await Self.collect(response.body)
        guard let compressed = compressors.gzip(body), compressed.readableBytes < body.readableBytes else {
            response.body = ResponseBody(byteBuffer: body)
            return response
        }
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = String(compressed.readableBytes)
        response.body = ResponseBody(byteBuffer: compressed)
        return response
    }

    // MARK: - Eligibility

    /// Whether `response` is text of a known length of at least ``minimumSize`` bytes, not yet
    /// encoded, and the same for everyone (see the type's notes on BREACH).
    private func isPublicText(_ response: Response, _ request: Request, _ context: Context) -> Bool {
        guard let length = response.body.contentLength, length >= minimumSize,
            response.status != .noContent, response.status != .notModified
        else { return false }
        if let context = context as? TesseraRequestContext {
            guard !context.privacy.isSet else { return false }
        } else if SecurityHeadersMiddleware<Context>.hasSessionCookie(request) {
            return false  // another app's context carries no mark: a session cookie is the best sign it has
        }
        var compressible = false
        for field in response.headers {
            if field.name == .contentEncoding { return false }
            if field.name == .contentType { compressible = GzipCompressors.compresses(contentType: field.value) }
        }
        return compressible
    }

    // MARK: - Body

    /// The bytes `body` writes, in one buffer.
    private static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let collector = Collector(capacity: body.contentLength ?? 0)
        try await body.write(collector)
        return collector.storage.bytes.withLock { $0 }
    }

    /// A `ResponseBodyWriter` gathering what it is given.
    private struct Collector: ResponseBodyWriter {
        final class Storage: Sendable {
            let bytes: Mutex<ByteBuffer>
            init(capacity: Int) { bytes = Mutex(ByteBufferAllocator().buffer(capacity: capacity)) }
        }
        let storage: Storage

        init(capacity: Int) { storage = Storage(capacity: capacity) }

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            storage.bytes.withLock { _ = $0.writeBuffer(&buffer) }
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
