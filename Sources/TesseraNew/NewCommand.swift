import ArgumentParser
import Foundation

// MARK: - NewCommand

/// `tessera-new NAME` (also `tessera new NAME` from this repository): creates a new app package in
/// `./NAME` — one scene with a component, a sectioned data source, an action, a store with its
/// migration and seed rows, templates, a test with a snapshot, a README, a `.gitignore` and a deploy kit
/// (`deploy/`: systemd unit, nginx site, release script, container file) — that
/// builds, serves and passes its tests as generated. A tool of its own: apps do not carry it.
public struct NewCommand: ParsableCommand {
    /// `new`, with its abstract.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: runsAlone ? "tessera-new" : "new", abstract: "Create a new Tessera app package in a new folder.")
    }

    /// The command, before its arguments are parsed.
    public init() {}

    @Argument(help: "The app's name: a Swift identifier such as BookClub (the package, its executable and its folder).")
    var name: String

    @Option(help: "A local Tessera checkout the app depends on (default: the checkout this command was built from, when it exists).")
    var tesseraPath: String?

    @Option(help: "The folder to create (default ./NAME).")
    var output: String?

    /// Refuses a name that is not a Swift identifier of ASCII letters and digits.
    public func validate() throws {
        guard let first = name.unicodeScalars.first, CharacterSet.letters.contains(first),
            name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) && $0.isASCII })
        else {
            throw ValidationError("NAME must be letters and digits, starting with a letter (such as BookClub), not '\(name)'")
        }
    }

    /// Writes the package.
    public func run() throws {
        guard let tessera = tesseraPath.map(Self.absolute) ?? Self.builtFromCheckout else {
            throw ValidationError("no Tessera checkout found; pass --tessera-path PATH")
        }
        let folder = URL(fileURLWithPath: Self.absolute(output ?? name))
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: folder.path), !existing.isEmpty {
            throw ValidationError("\(folder.path) already exists and is not empty")
        }
        let files = NewAppTemplate(name: name, tesseraPath: tessera).files
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            if path.hasSuffix(".sh") { try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path) }
        }
        print("Created \(name) in \(folder.path) (\(files.count) files). Next:")
        print("  cd \(output ?? name)")
        print("  swift run \(name) serve --dev    # http://127.0.0.1:8080")
        print("  swift test")
    }

    // MARK: - Paths

    /// Whether this runs as the `tessera-new` tool rather than as a subcommand.
    private static var runsAlone: Bool {
        URL(fileURLWithPath: CommandLine.arguments.first ?? "").lastPathComponent == "tessera-new"
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL.path
    }

    /// The Tessera checkout this file was compiled in, if it is still there.
    static var builtFromCheckout: String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let manifest = root.appendingPathComponent("Package.swift")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8), text.contains("name: \"Tessera\"") else { return nil }
        return root.path
    }
}
