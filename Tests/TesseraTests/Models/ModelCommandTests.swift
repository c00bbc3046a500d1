import ArgumentParser
import Foundation
import Testing

@testable import Tessera
@testable import TesseraSQL

/// An app whose models are ahead of its database: Klass's table as an older version made it.
struct ClassesApp: TesseraApp {
    var scenes: [Scene.Type] { [ItemsScene.self] }
    var models: [any SQLModel.Type] { [Instructor.self, Klass.self] }
    func migrations(_ migrations: inout Migrations) { ModelSchemaTests.olderKlass(&migrations) }
}

/// `makemigration` writes the migration from the database to the models as a Swift file, and
/// applies nothing.
@Suite("makemigration")
struct ModelCommandTests {
    @Test("it writes the changes as a reviewed Swift file, applies none, and refuses to overwrite one")
    func writesTheMigration() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-makemigration-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("app.sqlite").path
        let output = folder.appendingPathComponent("Migrations").path
        let arguments = ["--db", database, "--output", output, "--name", "AddOnlineClasses"]
        try await MakeMigrationCommand<ClassesApp>.parse(arguments).run()
        let source = try String(contentsOfFile: output + "/AddOnlineClasses.swift", encoding: .utf8)
        #expect(source.contains("enum AddOnlineClasses {"))
        #expect(source.contains(#"try await db.apply(.addColumn(ColumnSchema("notes", .text, nullable: true), table: "klass"))"#))
        #expect(source.contains("/// - drop column klass.room"))
        let opened = try await TesseraDatabase.open(path: database)
        defer { opened.close() }
        let plan = try await opened.read { db in try await SchemaPlan.compare([Klass.self], with: db) }
        #expect(plan.changes.count == 8, "nothing was applied")
        await #expect(throws: (any Error).self) { try await MakeMigrationCommand<ClassesApp>.parse(arguments).run() }
    }
}
