import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

// MARK: - StaticFileMiddleware

/// Serves files from the public folder for `GET` and `HEAD`, and nothing outside it.
///
/// A path is served only if every segment decodes strictly and is an ordinary name (no `..`,
/// `.`, hidden names, backslashes or NUL), and the file's real path — symlinks resolved — is
/// still inside the folder's real path. Anything else falls through to the router (a 404).
public struct StaticFileMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Content types by file extension.
    static var contentTypes: [String: String] {
        [
            "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
            "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
            "ico": "image/x-icon", "txt": "text/plain; charset=utf-8", "html": "text/html; charset=utf-8",
            "woff2": "font/woff2", "json": "application/json",
        ]
    }

    let root: String

    /// Serves `directory`.
    public init(directory: String) {
        root = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Serves the file the path names, or passes the request on.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method == .get || request.method == .head, let file = resolve(request.uri.path) else {
            return try await next(request, context)
        }
        guard let data = FileManager.default.contents(atPath: file) else { return try await next(request, context) }
        let type = Self.contentTypes[URL(fileURLWithPath: file).pathExtension.lowercased()] ?? "application/octet-stream"
        var headers: HTTPFields = [.contentType: type, .cacheControl: "public, max-age=300"]
        headers[.contentLength] = String(data.count)
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        return Response(status: .ok, headers: headers, body: body)
    }

    /// The real path of the file `path` names, if it is a regular file inside the root.
    func resolve(_ path: String) -> String? {
        var segments: [String] = []
        for raw in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            guard let segment = try? PercentDecoding.decode(raw, plusIsSpace: false), !segment.isEmpty,
                !segment.hasPrefix("."), !segment.contains("/"), !segment.contains("\\"), !segment.contains("\0")
            else { return nil }
            segments.append(segment)
        }
        guard !segments.isEmpty else { return nil }
        let candidate = URL(fileURLWithPath: root).appendingPathComponent(segments.joined(separator: "/"))
        let real = candidate.resolvingSymlinksInPath().path
        var isDirectory: ObjCBool = false
        guard real.hasPrefix(root + "/"), FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory),
            !isDirectory.boolValue
        else { return nil }
        return real
    }
}
