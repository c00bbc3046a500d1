import Foundation

/// Paths to the repository and to `../shared/` beside it, found from this file's location.
enum SharedFiles {
    /// The repository root.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `../shared` beside the repository.
    static let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")

    /// The Mustache spec's JSON files.
    static let mustacheSpec = shared.appendingPathComponent("mustache-spec")
}
