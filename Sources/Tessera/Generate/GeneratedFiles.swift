import Foundation

// MARK: - GeneratedFiles

/// Files `generate` writes, by path relative to the package: all of them, or none when one is
/// there already (nothing a developer wrote is overwritten).
struct GeneratedFiles {
    let files: [(path: String, text: String)]
    /// The package's folder the paths start from.
    let sources: AppSources

    init(_ files: [(path: String, text: String)], in sources: AppSources) {
        self.files = files
        self.sources = sources
    }

    /// Writes every file, printing `create <path>` for each.
    func write() throws {
        let existing = files.map(\.path).filter { FileManager.default.fileExists(atPath: sources.absolute($0)) }
        guard existing.isEmpty else {
            throw GenerateError("nothing written: \(existing.joined(separator: ", ")) exist\(existing.count == 1 ? "s" : "") already")
        }
        for (path, text) in files {
            let url = URL(fileURLWithPath: sources.absolute(path))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            print("create \(path)")
        }
    }
}
