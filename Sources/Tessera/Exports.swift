// MARK: - Re-exports

// What an app's code uses beside Tessera: Hummingbird's requests and routers, GRDB's records and
// migrations, swift-log's loggers. A package depending on `Tessera` needs no other dependency.
@_exported import GRDB
@_exported import Hummingbird
@_exported import Logging
