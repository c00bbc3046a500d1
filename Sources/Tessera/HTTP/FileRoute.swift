import HTTPTypes
import Hummingbird
import NIOCore

// MARK: - FileRoute

/// Where an app's uploaded files are stored and served: files kept in the database
/// (`StoredFiles`) under this route's folder, each under a new random name, and served at
/// `GET <path>/<name>` to whoever ``Access`` lets in — with the `Content-Type` their bytes were
/// recognised as, `nosniff`, a sandboxing `Content-Security-Policy`, an `ETag` (names never
/// change), and caching by access: a year for ``Access/everyone``, nothing kept for the rest.
/// Any other name, or a reader the access refuses, gets the same 404.
///
/// An app declares its routes (``TesseraApp/fileRoutes``); an action stores a file in the
/// transaction that writes the row naming it, and keeps the URL:
///
/// ```swift
/// static let avatars = FileRoute("/avatars", access: .everyone)
/// static let uploads = FileRoute("/uploads", access: .decided { request in
///     guard let member = request.memberID else { return false }
///     return try await UploadAccess(database: request.database).canRead(imageURL: request.url, userID: member)
/// })
///
/// let url = try await context.database.write { db in
///     let url = try await Self.avatars.store(avatar, in: db)
///     try await db.execute("UPDATE user SET avatarURL = ? WHERE id = ?", [url, userID])
///     return url
/// }
/// ```
public struct FileRoute: Sendable {
    /// A request for one file, for ``Access/decided(_:)``.
    public struct Request: Sendable {
        /// The file's URL (as ``FileRoute/store(_:in:)`` returned it).
        public let url: String
        /// The signed-in member asking, or nil for a visitor.
        public let memberID: Int64?
        /// The site's database.
        public let database: CountingDatabase
    }

    /// Who may read the route's files.
    public enum Access: Sendable {
        /// Anyone: served with a year's public caching.
        case everyone
        /// Whoever `decide` answers true for (a 404 otherwise); never kept by a cache.
        case decided(_ decide: @Sendable (Request) async throws -> Bool)
    }

    /// The URL path the files are served under (`/avatars`).
    package let path: String
    /// Who may read them.
    package let access: Access

    /// Its route as `tessera routes` lists it: `GET <path>/:name`, and who may read.
    var route: RouteTable.Route {
        let readers = switch access {
        case .everyone: "anyone"
        case .decided: "decided per file"
        }
        return RouteTable.Route(
            method: "GET", path: path + "/:name", scene: "(stored files)", component: nil, action: nil, stateless: false, policy: readers)
    }

    /// Files stored and served under `path` (a path such as `/avatars`), read by `access`.
    public init(_ path: String, access: Access) {
        precondition(path.hasPrefix("/") && !path.hasSuffix("/") && path.count > 1, "FileRoute \(path): a path such as /avatars")
        self.path = path
        self.access = access
    }

    // MARK: - Storing

    /// Stores `file` in `db`'s open write transaction under a new random name in this route's
    /// folder, and returns its URL (`/avatars/3f…9a.png`) to keep in the row that names it.
    public func store(_ file: AcceptedFile, in db: SQLConnection) async throws -> String {
        let name = Digests.randomHex(bytes: 16) + "." + file.fileExtension
        try await StoredFiles.save(file.bytes, name: storedName(name), contentType: file.contentType, in: db)
        return path + "/" + name
    }

    /// The name in `StoredFiles` of the file served as `name`: the folder (the path without
    /// its `/`), a `/`, the name.
    func storedName(_ name: String) -> String { String(path.dropFirst()) + "/" + name }

    // MARK: - Serving

    /// Mounts `GET <path>/:name` (and `HEAD`) on `router`, serving from `site`'s database.
    func mount(on router: some RouterMethods<TesseraRequestContext>, site: Site) {
        let files = StoredFiles(database: site.database)
        let route = RouterPath(path + "/:name")
        router.get(route) { _, context in try await serve(context, files: files, site: site) }
        router.head(route) { _, context in try await serve(context, files: files, site: site).createHeadResponse() }
    }

    private func serve(_ context: TesseraRequestContext, files: StoredFiles, site: Site) async throws -> Response {
        let name = context.parameters.get("name") ?? ""
        guard Self.isStoredName(name) else { throw RequestError.notFound() }
        let isPublic: Bool
        switch access {
        case .everyone:
            isPublic = true
        case .decided(let decide):
            let request = Request(url: path + "/" + name, memberID: context.session?.userID, database: site.database.counting(into: QueryCounter()))
            guard try await decide(request) else { throw RequestError.notFound() }
            isPublic = false
        }
        guard let file = try await files.file(named: storedName(name)) else { throw RequestError.notFound() }
        var headers: HTTPFields = [
            .contentType: file.contentType, .xContentTypeOptions: "nosniff", .eTag: "\"\(name)\"",
            .cacheControl: isPublic ? "public, max-age=31536000, immutable" : "private, no-store",
            .contentDisposition: file.contentType.hasPrefix("image/") ? "inline" : "attachment",
        ]
        headers[.contentLength] = String(file.bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }

    /// Whether `name` has the shape ``store(_:in:)`` gives: 32 lowercase hex digits, `.`, a
    /// known extension. Checked before any lookup.
    static func isStoredName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 32, parts[0].utf8.allSatisfy(Digests.isLowerHex) else { return false }
        return parts[1] == "bin" || ImageFormat.forExtension(String(parts[1])) != nil
    }
}
