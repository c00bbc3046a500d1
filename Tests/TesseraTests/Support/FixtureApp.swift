import Foundation
import GRDB
import Tessera

/// A small app built through Tessera's public entry point: the `item` fixtures of the core
/// tests, mounted from ``TesseraApp`` declarations.
struct FixtureApp: TesseraApp {
    /// Whether the app declares `Layouts/Main` (default) or uses Tessera's layout.
    var declaresLayout = true
    var name: String { "Fixture Shop" }
    var scenes: [Scene.Type] { [ItemsScene.self] }
    var layout: String? { declaresLayout ? "Layouts/Main" : nil }

    func migrations(_ steps: inout Migrations) {
        steps.register("items") { db in
            try await db.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT NOT NULL, likes INTEGER NOT NULL DEFAULT 0)")
        }
    }

    func seed(_ db: SQLConnection) async throws {
        for index in 1...5 { try await db.execute("INSERT INTO item (title) VALUES (?)", ["Item \(index)"]) }
    }
}

/// A package folder on disk for an app under test: `Views/` written from a dictionary, an
/// optional `Sources/` written from file texts, and a configuration pointing at both.
struct AppFolder {
    let root: URL
    var configuration: TesseraConfiguration

    init(templates: [String: String], sources: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-app-\(UUID().uuidString)")
        for (name, text) in templates { try Self.write(text, to: root.appendingPathComponent("Views/\(name).mustache")) }
        for (path, text) in sources { try Self.write(text, to: root.appendingPathComponent("Sources/\(path)")) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Views"), withIntermediateDirectories: true)
        configuration = TesseraConfiguration()
        configuration.viewsDirectory = root.appendingPathComponent("Views").path
        configuration.publicDirectory = root.appendingPathComponent("Public").path
        configuration.databasePath = root.appendingPathComponent("data/app.sqlite").path
        configuration.port = 0
    }

    static func write(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}
