import Foundation

/// Paths to the repository and to the official Mustache spec, found from this file's location.
///
/// The spec's JSON files are not part of the repository: the conformance tests read them from
/// `TESSERA_MUSTACHE_SPEC` (or the development machines' fallback location below), and are
/// skipped, saying so, when they are absent.
enum SharedFiles {
    /// The repository root.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Mustache spec's JSON files (`specs/` of github.com/mustache/spec).
    static let mustacheSpec: URL = {
        if let path = ProcessInfo.processInfo.environment["TESSERA_MUSTACHE_SPEC"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return repository.deletingLastPathComponent().appendingPathComponent("shared/mustache-spec")
    }()

    /// Whether the spec files are there.
    static var hasMustacheSpec: Bool {
        FileManager.default.fileExists(atPath: mustacheSpec.appendingPathComponent("interpolation.json").path)
    }
}
