import Foundation
import NIOCore
import Synchronization

// MARK: - StaticFiles

/// The public folder, read once into memory: every file's bytes, its gzip form (text types, when
/// smaller), a content hash for its `ETag` and fingerprinted URL, and its modification date.
/// Serving a file or passing a dynamic request on is a dictionary lookup: no request touches
/// the file system.
///
/// Each file answers at its plain path (`/css/app.css`, cached 5 minutes, revalidated with its
/// `ETag`) and at its fingerprinted path (`/css/app.<hash>.css`, cached for a year as
/// `immutable`: a changed file gets a new URL). Templates get fingerprinted URLs from the
/// `assets` global: `{{assets.css/app.css}}`.
///
/// Only ordinary files are indexed: no hidden names (`.env`), nothing whose real path (symlinks
/// resolved) leaves the folder. In development mode the folder is scanned again when a request
/// comes more than a second after the last scan.
final class StaticFiles: Sendable {
    /// One indexed file.
    struct Asset: Sendable {
        let contentType: String
        let body: ByteBuffer
        let gzipped: ByteBuffer?
        /// 16 hex digits of the content's SHA-256.
        let hash: String
        let lastModified: Date
        /// `lastModified` as an HTTP date.
        let lastModifiedText: String
        let fingerprintedPath: String
    }

    /// A scan of the folder: assets by URL path (plain and fingerprinted).
    struct Index: Sendable {
        var byPath: [String: (asset: Asset, immutable: Bool)] = [:]
        var scannedAt = ContinuousClock.now
        /// The `assets` template global's names for these files (filled in by ``scan(_:)``).
        var assetNames = AssetNames(urls: [])
    }

    /// The folder's real path.
    let root: String
    private let fixed: Index?
    /// `fixed`'s asset names, kept apart so a template's read copies no index.
    private let fixedAssetNames: AssetNames?
    private let live: Mutex<Index>?
    private let rescanInterval: Duration

    /// Reads `directory` now; `rescans` (development) reads it again when a request comes
    /// `rescanInterval` (default a second) after the last scan.
    init(directory: String, rescans: Bool = false, rescanInterval: Duration = .seconds(1)) {
        root = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath().path
        let index = Self.scan(root)
        fixed = rescans ? nil : index
        fixedAssetNames = fixed?.assetNames
        live = rescans ? Mutex(index) : nil
        self.rescanInterval = rescanInterval
    }

    // MARK: - Lookup

    /// The file at URL `path` (as sent: percent-escapes are decoded strictly), and whether
    /// `path` is its fingerprinted URL.
    func asset(at path: String) -> (asset: Asset, immutable: Bool)? {
        let key: String
        if path.utf8.contains(UInt8(ascii: "%")) {
            guard let decoded = try? PercentDecoding.decode(Substring(path), plusIsSpace: false) else { return nil }
            key = decoded
        } else {
            key = path
        }
        if let fixed { return fixed.byPath[key] }
        return live?.withLock { index in
            if ContinuousClock.now - index.scannedAt >= rescanInterval { index = Self.scan(root) }
            return index.byPath[key]
        }
    }

    /// The fingerprinted URL of the file at `path` (`css/app.css` or `/css/app.css`), or nil.
    func url(for path: String) -> String? {
        asset(at: path.hasPrefix("/") ? path : "/" + path)?.asset.fingerprintedPath
    }

    /// The names the `assets` template global answers, for the files as last scanned
    /// (rescanning first in development when due, as ``asset(at:)`` does).
    var assetNames: AssetNames {
        if let fixedAssetNames { return fixedAssetNames }
        return live?.withLock { index in
            if ContinuousClock.now - index.scannedAt >= rescanInterval { index = Self.scan(root) }
            return index.assetNames
        } ?? AssetNames(urls: [])
    }

    // MARK: - Scanning

    /// Every ordinary file under `root`, then Tessera's client script at
    /// ``ClientScript/path`` unless `root` has its own.
    static func scan(_ root: String) -> Index {
        var index = Index()
        var visited: Set<String> = []
        walk(root: root, relative: "", into: &index, visited: &visited)
        if index.byPath[ClientScript.path] == nil, let source = ClientScript.source {
            let asset = makeAsset(source, modified: ClientScript.modified, urlPath: ClientScript.path)
            index.byPath[ClientScript.path] = (asset, false)
            index.byPath[asset.fingerprintedPath] = (asset, true)
        }
        index.assetNames = AssetNames(urls: index.byPath.map { ($0.key, $0.value.asset.fingerprintedPath) })
        return index
    }

    private static func walk(root: String, relative: String, into index: inout Index, visited: inout Set<String>) {
        let folder = root + relative
        guard visited.insert(folder).inserted, visited.count < 10_000,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else { return }
        for name in names.sorted() where isOrdinary(name) {
            let path = relative + "/" + name
            let real = URL(fileURLWithPath: root + path).resolvingSymlinksInPath().path
            guard real.hasPrefix(root + "/") else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                walk(root: root, relative: path, into: &index, visited: &visited)
            } else if let asset = load(real, urlPath: path) {
                index.byPath[path] = (asset, false)
                index.byPath[asset.fingerprintedPath] = (asset, true)
            }
        }
    }

    private static func isOrdinary(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("\\") && !name.contains("%")
    }

    private static func load(_ file: String, urlPath: String) -> Asset? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        let modified = (try? FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date) ?? Date()
        return makeAsset([UInt8](data), modified: modified, urlPath: urlPath)
    }

    private static func makeAsset(_ bytes: [UInt8], modified: Date, urlPath: String) -> Asset {
        let hash = String(Digests.sha256Hex(bytes).prefix(16))
        let ext = urlPath.split(separator: "/").last.flatMap { $0.contains(".") ? $0.split(separator: ".").last : nil }
            .map { String($0).lowercased() }
        let type = ext.flatMap { contentTypes[$0] } ?? "application/octet-stream"
        let body = ByteBuffer(bytes: bytes)
        let seconds = Date(timeIntervalSince1970: modified.timeIntervalSince1970.rounded(.down))
        return Asset(
            contentType: type, body: body, gzipped: GzipCompressors.compresses(contentType: type) ? gzip(body) : nil, hash: hash,
            lastModified: seconds, lastModifiedText: HTTPDate.format(seconds),
            fingerprintedPath: fingerprint(urlPath, hash: String(hash.prefix(12))))
    }

    /// `/css/app.css` → `/css/app.<hash>.css`; a name without extension gets `.<hash>` appended.
    static func fingerprint(_ path: String, hash: String) -> String {
        let slash = path.lastIndex(of: "/") ?? path.startIndex
        guard let dot = path[slash...].lastIndex(of: "."), dot > path.index(after: slash) else { return path + "." + hash }
        return String(path[..<dot]) + "." + hash + String(path[dot...])
    }

    // MARK: - Types and compression

    /// Content types by file extension.
    static let contentTypes: [String: String] = [
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "ico": "image/x-icon", "txt": "text/plain; charset=utf-8", "html": "text/html; charset=utf-8",
        "woff2": "font/woff2", "json": "application/json",
    ]

    /// Compressors at the best level, for files read at start-up (and rescans in development).
    private static let compressors = GzipCompressors(capacity: 1, level: 9)

    /// `body` gzipped at the best level, or nil when that saves nothing worth a header.
    private static func gzip(_ body: ByteBuffer) -> ByteBuffer? {
        guard let compressed = compressors.gzip(body), compressed.readableBytes + 64 < body.readableBytes else { return nil }
        return compressed
    }
}
