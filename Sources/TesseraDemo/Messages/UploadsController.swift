import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Tessera

// MARK: - UploadsController

/// `GET /uploads/:name`: serves the images members sent, to the members of the conversation
/// each was sent in and nobody else — only names of the exact shape
/// `[a-f0-9]{32}.(png|jpg|gif|webp)` (which ``UploadStore`` gives out), with the content type of
/// their recognised format, `nosniff` and `Cache-Control: private, no-store`. Any other name,
/// a visitor, or a member outside the conversation gets the same 404.
enum UploadsController {
    /// The route's prefix.
    static let prefix = "/uploads/"
    /// The route.
    static let route = RouterPath(prefix + ":name")

    /// The URL of the stored image `name`.
    @Sendable static func url(forName name: String) -> String { prefix + name }

    /// Mounts the route on `router` (a group with sessions: the reader must be signed in),
    /// serving files from the site's database.
    static func mount(on router: some RouterMethods<TesseraRequestContext>, site: Site) {
        let store = UploadStore(files: StoredFiles(database: site.database))
        router.get(route) { _, context in
            let name = context.parameters.get("name") ?? ""
            guard UploadStore.format(ofValidName: name) != nil, let userID = context.session?.userID,
                try await UploadAccess(database: site.database.counting(into: QueryCounter()))
                    .canRead(imageURL: url(forName: name), userID: userID)
            else { throw RequestError.notFound() }
            return try await serve(name, from: store)
        }
    }

    // MARK: - Private

    /// The response for the stored file `name`, or a 404.
    static func serve(_ name: String, from store: UploadStore) async throws -> Response {
        guard let file = try await store.file(named: name) else { throw RequestError.notFound() }
        var headers: HTTPFields = [
            .contentType: file.format.contentType, .xContentTypeOptions: "nosniff",
            .cacheControl: "private, no-store", .contentDisposition: "inline",
        ]
        headers[.contentLength] = String(file.data.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.data)))
    }
}
