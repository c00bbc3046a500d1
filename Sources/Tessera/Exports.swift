// MARK: - Re-exports

// What an app's code uses beside Tessera: its templates and data sources (`TesseraTemplates`)
// and its stores (`TesseraSQL`). Hummingbird and swift-log are not re-exported: an app names
// Tessera's types alone, and a package depending on `Tessera` imports one module.
@_exported import TesseraTemplates
@_exported import TesseraSQL
