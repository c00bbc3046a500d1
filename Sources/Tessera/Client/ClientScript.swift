import Foundation
import Hummingbird
import NIOCore

// MARK: - ClientScript

/// Tessera's client script (`tessera.js`, shipped with the framework as a resource), served at
/// ``path`` by every app through the static files (`StaticFiles`), so it is fingerprinted
/// (`{{assets.js/tessera.js}}`), compressed and cached like the app's own assets: fragment links
/// and forms swapped in place, and the dev server's reload. An app's own `Public/js/tessera.js`
/// wins.
enum ClientScript {
    /// The URL layouts load the script from: `/js/tessera.js`.
    static let path = "/js/tessera.js"

    /// The script's bytes, read once from the framework's resources (nil if they are missing).
    static let source: [UInt8]? = {
        guard let url = Bundle.module.url(forResource: "tessera", withExtension: "js"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return Array(data)
    }()

    /// When the framework was built, as far as the resource's file says: the script's
    /// `Last-Modified`.
    static let modified: Date = {
        guard let url = Bundle.module.url(forResource: "tessera", withExtension: "js"),
            let date = try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
        else { return Date(timeIntervalSince1970: 0) }
        return date
    }()
}
