import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

// MARK: - StaticFileMiddleware

/// Serves the files of a `StaticFiles` index for `GET` and `HEAD`; every other request goes
/// on to the router after one dictionary lookup (no file system access).
///
/// Responses carry `Content-Type`, `ETag` (the content hash), `Last-Modified`, and
/// `Cache-Control`: `public, max-age=31536000, immutable` at a fingerprinted URL,
/// `public, max-age=300` at the plain one. `If-None-Match` (or, without it,
/// `If-Modified-Since`) that still matches gets `304 Not Modified`. A client that accepts gzip
/// gets the precompressed form of text files (`Content-Encoding: gzip`, `Vary: Accept-Encoding`).
struct StaticFileMiddleware<Context: RequestContext>: RouterMiddleware {
    let files: StaticFiles

    /// Serves `files`.
    init(files: StaticFiles) { self.files = files }

    /// Serves `directory`, read now (no rescans).
    init(directory: String) { files = StaticFiles(directory: directory) }

    /// Serves the file the path names, or passes the request on.
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method == .get || request.method == .head, let (asset, immutable) = files.asset(at: request.uri.path)
        else { return try await next(request, context) }
        let gzipped = asset.gzipped.flatMap { Self.acceptsGzip(request.headers) ? $0 : nil }
        let etag = "\"" + asset.hash + (gzipped == nil ? "" : "-gz") + "\""
        var headers: HTTPFields = [
            .cacheControl: immutable ? "public, max-age=31536000, immutable" : "public, max-age=300",
            .eTag: etag, .lastModified: asset.lastModifiedText,
        ]
        if asset.gzipped != nil { headers[.vary] = "Accept-Encoding" }
        let body = gzipped ?? asset.body
        // The length a 200 would have (RFC 9110 allows only that on a 304 or a HEAD).
        headers[.contentLength] = String(body.readableBytes)
        if Self.isNotModified(request.headers, etag: etag, lastModified: asset.lastModified) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = asset.contentType
        if gzipped != nil { headers[.contentEncoding] = "gzip" }
        return Response(status: .ok, headers: headers, body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: body))
    }

    // MARK: - Conditional requests

    /// Whether the client's copy is current: `If-None-Match` names `etag` (or its other
    /// encoding's, or `*`); without it, `If-Modified-Since` is not before `lastModified`.
    static func isNotModified(_ headers: HTTPFields, etag: String, lastModified: Date) -> Bool {
        if let match = headers[.ifNoneMatch] { return EntityTag.matches(match, etag) }
        if let since = headers[.ifModifiedSince], let date = HTTPDate.parse(since) { return lastModified <= date }
        return false
    }

    /// Whether `Accept-Encoding` lists gzip (or `*`) without `q=0`. Read on the header's
    /// bytes (every browser request carries one): no Foundation trimming or lowercasing.
    static func acceptsGzip(_ headers: HTTPFields) -> Bool {
        guard let accepted = headers[.acceptEncoding] else { return false }
        return accepted.utf8.split(separator: UInt8(ascii: ",")).contains { item in
            let parts = item.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map(Self.trimmed)
            guard let coding = parts.first, Self.equalsIgnoringCase(coding, "gzip") || Self.equalsIgnoringCase(coding, "*")
            else { return false }
            return !parts.dropFirst().contains { parameter in
                guard parameter.count >= 2, parameter[parameter.startIndex] | 0x20 == UInt8(ascii: "q"),
                    parameter[parameter.index(after: parameter.startIndex)] == UInt8(ascii: "=")
                else { return false }
                return (Double(String(decoding: parameter.dropFirst(2), as: UTF8.self)) ?? 1) == 0
            }
        }
    }

    /// `bytes` without leading and trailing spaces and tabs.
    private static func trimmed(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }

    /// Whether `bytes` spell `lowercase` (ASCII), in any case.
    private static func equalsIgnoringCase(_ bytes: Substring.UTF8View.SubSequence, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        return zip(bytes, UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)).allSatisfy {
            $0 | 0x20 == $1 || $0 == $1
        }
    }
}
