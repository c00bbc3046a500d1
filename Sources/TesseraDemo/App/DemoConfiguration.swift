import Foundation
import Tessera

// MARK: - DemoConfiguration

/// How the demo app runs; the defaults are `tessera serve`'s.
public struct DemoConfiguration: Sendable {
    /// The address to listen on; default 127.0.0.1.
    public var hostname = "127.0.0.1"
    /// The port; default 8080.
    public var port = 8080
    /// The SQLite file; default `data/tessera.sqlite` (created and seeded on first run).
    public var databasePath = "data/tessera.sqlite"
    /// Where uploaded images are stored; default `data/uploads`.
    public var uploadsDirectory = "data/uploads"
    /// The templates; default `Views`.
    public var viewsDirectory = "Views"
    /// The static files; default `Public`.
    public var publicDirectory = "Public"
    /// Development mode (template reloading, detailed errors); default off.
    public var isDevelopment = false
    /// A header a trusted reverse proxy sets to the client's address (`X-Forwarded-For`), used
    /// by sign-in throttling; default none (the connection's address). See
    /// ``SiteConfiguration/clientAddressHeader``.
    public var clientAddressHeader: String?
    /// The clock; default the system's. Tests fix it.
    public var now: @Sendable () -> Date = { Date() }

    /// The defaults.
    public init() {}

    /// The framework's view of this configuration.
    var site: SiteConfiguration {
        var site = SiteConfiguration()
        site.name = "Tessera Community"
        site.isDevelopment = isDevelopment
        site.publicDirectory = publicDirectory
        site.viewsDirectory = viewsDirectory
        site.signInPath = DemoURLs.signIn
        site.clientAddressHeader = clientAddressHeader
        return site
    }
}
