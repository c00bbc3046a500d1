import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Tessera

// MARK: - UploadsController

/// `GET /uploads/:name`: serves the images members sent, and nothing else — only names of the
/// exact shape `[a-f0-9]{32}.(png|jpg|gif|webp)` (which ``UploadStore`` gives out), with the
/// content type of their recognised format and `nosniff`. Any other name is a 404.
enum UploadsController {
    /// The route's prefix.
    static let prefix = "/uploads/"
    /// The route.
    static let route = RouterPath(prefix + ":name")

    /// The URL of the stored image `name`.
    @Sendable static func url(forName name: String) -> String { prefix + name }

    /// Mounts the route on `router`, serving files from `uploadsDirectory`. Does nothing if it
    /// is already mounted, so calling it twice is harmless.
    static func mount(on router: Router<TesseraRequestContext>, uploadsDirectory: String) {
        let path = route.description
        guard !router.routes.contains(where: { $0.method == .get && $0.path.description == path }) else { return }
        let store = UploadStore(directory: uploadsDirectory)
        router.get(route) { _, context in try serve(context.parameters.get("name") ?? "", from: store) }
    }

    // MARK: - Private

    /// The response for the stored file `name`, or a 404.
    static func serve(_ name: String, from store: UploadStore) throws -> Response {
        guard let file = store.file(named: name) else { throw RequestError.notFound() }
        var headers: HTTPFields = [
            .contentType: file.format.contentType, .xContentTypeOptions: "nosniff",
            .cacheControl: "private, max-age=86400", .contentDisposition: "inline",
        ]
        headers[.contentLength] = String(file.data.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.data)))
    }
}
