import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

// MARK: - StaticFileMiddleware

/// Serves the files of a ``StaticFiles`` index for `GET` and `HEAD`; every other request goes
/// on to the router after one dictionary lookup (no file system access).
///
/// Responses carry `Content-Type`, `ETag` (the content hash), `Last-Modified`, and
/// `Cache-Control`: `public, max-age=31536000, immutable` at a fingerprinted URL,
/// `public, max-age=300` at the plain one. `If-None-Match` (or, without it,
/// `If-Modified-Since`) that still matches gets `304 Not Modified`. A client that accepts gzip
/// gets the precompressed form of text files (`Content-Encoding: gzip`, `Vary: Accept-Encoding`).
public struct StaticFileMiddleware<Context: RequestContext>: RouterMiddleware {
    let files: StaticFiles

    /// Serves `files`.
    public init(files: StaticFiles) { self.files = files }

    /// Serves `directory`, read now (no rescans).
    public init(directory: String) { files = StaticFiles(directory: directory) }

    /// Serves the file the path names, or passes the request on.
    public func handle(
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
        if let match = headers[.ifNoneMatch] {
            let bare = etag.replacingOccurrences(of: "-gz\"", with: "\"")
            return match.split(separator: ",").contains { candidate in
                var tag = candidate.trimmingCharacters(in: .whitespaces)
                if tag.hasPrefix("W/") { tag.removeFirst(2) }
                return tag == "*" || tag == etag || tag.replacingOccurrences(of: "-gz\"", with: "\"") == bare
            }
        }
        if let since = headers[.ifModifiedSince], let date = HTTPDate.parse(since) { return lastModified <= date }
        return false
    }

    /// Whether `Accept-Encoding` lists gzip (or `*`) without `q=0`.
    static func acceptsGzip(_ headers: HTTPFields) -> Bool {
        guard let accepted = headers[.acceptEncoding] else { return false }
        return accepted.split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, coding == "gzip" || coding == "*" else { return false }
            return !parts.dropFirst().contains { $0.hasPrefix("q=") && (Double($0.dropFirst(2)) ?? 1) == 0 }
        }
    }
}
