import Foundation
import Testing

/// The targets' walls, read from their sources: the lower layers import nothing of the layers
/// above them or beside them. (SwiftPM lets a target import any module already built, so the
/// package's dependency lists alone do not keep them apart.)
@Suite("Layers")
struct LayerImportTests {
    /// The modules each lower target may import.
    static let allowed: [String: Set<String>] = [
        "TesseraTemplates": ["CLibXML2", "Foundation", "NIOCore", "Synchronization"],
        "TesseraSQL": [
            "Darwin", "Dispatch", "Foundation", "Glibc", "GRDB", "GRDBSQLite", "Logging", "NIOCore", "NIOPosix", "PostgresNIO",
            "ServiceLifecycle", "Synchronization",
        ],
    ]

    /// The modules `target`'s Swift files import, each with the first file that does.
    static func imports(of target: String) throws -> [String: String] {
        let folder = SharedFiles.repository.appendingPathComponent("Sources/\(target)")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var found: [String: String] = [:]
        for case let file as URL in files where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                // `import X`, `@preconcurrency import X`, `import struct X.Y`, `@_exported import X`.
                let words = line.split(separator: " ").drop { $0.hasPrefix("@") }
                guard words.first == "import", let last = words.last, words.count >= 2 else { continue }
                let module = String(last.split(separator: ".").first ?? last)
                found[module] = found[module] ?? file.lastPathComponent
            }
        }
        return found
    }

    @Test("templates and SQL import no HTTP and not each other", arguments: ["TesseraTemplates", "TesseraSQL"])
    func lowerLayersImportOnlyTheirOwn(target: String) throws {
        let found = try Self.imports(of: target)
        #expect(!found.isEmpty, "read no Swift file of \(target)")
        let strays = found.filter { !(Self.allowed[target] ?? []).contains($0.key) }
        #expect(strays.isEmpty, "\(target) imports \(strays.map { "\($0.key) (\($0.value))" }.sorted())")
    }

    @Test("an app imports one module: Tessera re-exports its layers")
    func tesseraReexportsItsLayers() throws {
        let exports = try String(
            contentsOf: SharedFiles.repository.appendingPathComponent("Sources/Tessera/Exports.swift"), encoding: .utf8)
        let reexported = Set(exports.split(separator: "\n").filter { $0.hasPrefix("@_exported import ") }.map { $0.split(separator: " ").last.map(String.init) ?? "" })
        #expect(reexported.isSuperset(of: ["TesseraTemplates", "TesseraSQL"]))
    }
}
