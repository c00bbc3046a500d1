// MARK: - Re-exports

// What an app's code uses beside Tessera: its templates and data sources (`TesseraTemplates`),
// Hummingbird's requests and routers, swift-log's loggers. A package depending on `Tessera`
// needs no other dependency and imports one module.
@_exported import TesseraTemplates
@_exported import TesseraSQL
@_exported import Hummingbird
@_exported import Logging
