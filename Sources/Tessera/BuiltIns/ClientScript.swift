import Foundation
import Hummingbird
import NIOCore

// MARK: - ClientScript

/// Tessera's client script (`tessera.js`, shipped with the framework as a resource), served at
/// ``path`` by every app: fragment links and forms swapped in place, and the dev server's reload.
/// An app's own `Public/js/tessera.js` wins, since static files are served first.
public enum ClientScript {
    /// The URL layouts load the script from: `/js/tessera.js`.
    public static let path = "/js/tessera.js"

    /// The script's bytes, read once from the framework's resources (nil if they are missing).
    public static let source: [UInt8]? = {
        guard let url = Bundle.module.url(forResource: "tessera", withExtension: "js"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return Array(data)
    }()

    /// Mounts `GET /js/tessera.js` on `router`.
    static func mount(on router: Router<TesseraRequestContext>) {
        router.get(RouterPath(path)) { _, _ in
            guard let source else { throw RequestError.notFound() }
            var headers: HTTPFields = [.contentType: "text/javascript; charset=utf-8", .cacheControl: "public, max-age=300"]
            headers[.contentLength] = String(source.count)
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: source)))
        }
    }
}
