// MARK: - Re-exports

// What an app's code uses beside Tessera: Hummingbird's requests and routers, swift-log's
// loggers. A package depending on `Tessera` needs no other dependency. (Stores use Tessera's
// own ``SQLConnection``, which runs on SQLite and PostgreSQL alike.)
@_exported import Hummingbird
@_exported import Logging
