import ArgumentParser
import Foundation
import Testing

@testable import Tessera

/// `generate`: names and fields checked before anything is written, a resource's files written
/// into the app's folders and listed in its app file, nothing overwritten. (That what it writes
/// builds, passes its tests and validates is CI's: a new app generates a resource, then builds
/// and tests.)
@Suite("generate")
struct GenerateTests {
    // MARK: - Names and fields

    @Test("a record's names follow English plurals and the type's words")
    func recordNames() throws {
        let post = try ResourceName("BlogPost")
        #expect([post.pluralType, post.variable, post.pluralVariable, post.words, post.path, post.table, post.withArticle]
            == ["BlogPosts", "blogPost", "blogPosts", "blog post", "/blog-posts", "blogpost", "a blog post"])
        #expect(try ResourceName("Class").pluralType == "Classes")
        #expect(try ResourceName("Story").pluralType == "Stories")
        #expect(try ResourceName("Day").pluralType == "Days")
        #expect(try ResourceName("Event").withArticle == "an event")
        #expect(try ResourceName("Person", plural: "People").path == "/people")
    }

    @Test("bad names and fields are refused with what to write instead")
    func badNamesAndFieldsAreRefused() {
        #expect(throws: GenerateError.self) { try ResourceName("event") }
        #expect(throws: GenerateError.self) { try ResourceName("Blog-Post") }
        #expect(throws: GenerateError.self) { try ResourceName("Scene") }
        #expect(throws: GenerateError.self) { try ResourceName("Sheep", plural: "Sheep") }
        for spec in ["title", "title:varchar", "Title:string", "id:int", "class:string", "done:bool?", "start-at:int", ":string"] {
            #expect(throws: GenerateError.self, "\(spec)") { try ResourceField(parsing: spec) }
        }
        let notes = try? ResourceField(parsing: "notes:text?")
        #expect(notes?.swiftType == "String?")
        #expect(notes?.isRequired == false)
    }

    // MARK: - The app's file

    @Test("the app's lists and migrations gain the new parts, on one line or several")
    func appFileGainsTheNewParts() {
        var editor = AppFileEditor(
            """
            struct ShopApp: TesseraApp {
                var scenes: [Scene.Type] { [HomeScene.self] }
                var previews: [any Previewable.Type] {
                    [
                        HomeComponent.self
                    ]
                }

                func migrations(_ migrations: inout Migrations) {
                    MemberTable.registerMigration(in: &migrations)
                }
            }
            """)
        editor.append(["EventsScene.self", "EventScene.self"], to: "scenes", declaredAs: "[Scene.Type]")
        editor.append(["Event.self"], to: "models", declaredAs: "[any SQLModel.Type]")
        editor.append(["EventListComponent.self"], to: "previews", declaredAs: "[any Previewable.Type]")
        editor.addMigration("EventMigration.register(in: &migrations)")
        #expect(editor.leftToDo.isEmpty)
        #expect(
            editor.text == """
                struct ShopApp: TesseraApp {
                    var scenes: [Scene.Type] { [HomeScene.self, EventsScene.self, EventScene.self] }
                    var models: [any SQLModel.Type] { [Event.self] }
                    var previews: [any Previewable.Type] {
                        [
                            HomeComponent.self,
                            EventListComponent.self,
                        ]
                    }

                    func migrations(_ migrations: inout Migrations) {
                        MemberTable.registerMigration(in: &migrations)
                        EventMigration.register(in: &migrations)
                    }
                }
                """)
    }

    @Test("a list grown past a line's length is written one item a line")
    func longListIsSplit() {
        var editor = AppFileEditor("    var scenes: [Scene.Type] { [HomeScene.self, AboutScene.self] }")
        editor.append(["EventsScene.self", "NewEventScene.self", "EventScene.self", "EditEventScene.self"], to: "scenes", declaredAs: "")
        #expect(editor.text.components(separatedBy: "\n") == [
            "    var scenes: [Scene.Type] {", "        [", "            HomeScene.self,", "            AboutScene.self,",
            "            EventsScene.self,", "            NewEventScene.self,", "            EventScene.self,", "            EditEventScene.self,",
            "        ]", "    }",
        ])
    }

    @Test("what the editor does not recognise is left to do by hand, and said")
    func unrecognisedFileIsLeftToDo() {
        var editor = AppFileEditor("struct ShopApp: TesseraApp {\n    var scenes: [Scene.Type] { Self.all }\n}")
        editor.append(["EventsScene.self"], to: "scenes", declaredAs: "[Scene.Type]")
        editor.addMigration("EventMigration.register(in: &migrations)")
        #expect(editor.text == "struct ShopApp: TesseraApp {\n    var scenes: [Scene.Type] { Self.all }\n}")
        #expect(editor.leftToDo == [
            "add EventsScene.self to the app's `scenes`", "add `EventMigration.register(in: &migrations)` to the app's migrations(_:)",
        ])
    }

    // MARK: - Writing a resource

    @Test("a resource is written into the app's feature folders and listed in its app file; a second run writes nothing")
    func resourceIsWrittenOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-generate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let appFile = root.appendingPathComponent("Sources/Notebook/NotebookApp.swift")
        try FileManager.default.createDirectory(at: appFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.1\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        let app = """
            struct NotebookApp: TesseraApp {
                var scenes: [Scene.Type] { [NotebookScene.self] }

                func migrations(_ migrations: inout Migrations) {
                    MemberTable.registerMigration(in: &migrations)
                }
            }

            """
        try Data(app.utf8).write(to: appFile)
        let arguments = ["Event", "title:string", "notes:text?", "seats:int", "price:double?", "online:bool", "--package-path", root.path]

        try GenerateResourceCommand<NotebookApp>.parse(arguments).run()
        let written = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") || $0.hasSuffix(".mustache") }
        #expect(Set(written) == Set([
            "Package.swift", "Sources/Notebook/NotebookApp.swift", "Sources/Notebook/Events/Event.swift",
            "Sources/Notebook/Events/EventMigration.swift", "Sources/Notebook/Events/EventsScene.swift",
            "Sources/Notebook/Events/EventListComponent.swift", "Sources/Notebook/Events/EventListComponent+Previews.swift",
            "Sources/Notebook/Events/EventCell.swift", "Sources/Notebook/Events/EventScene.swift",
            "Sources/Notebook/Events/EventDetailComponent.swift", "Sources/Notebook/Events/NewEventScene.swift",
            "Sources/Notebook/Events/EditEventScene.swift", "Sources/Notebook/Events/EventFormComponent.swift",
            "Views/Events/EventsScene.mustache", "Views/Events/EventListComponent.mustache", "Views/Events/EventCell.mustache",
            "Views/Events/EventScene.mustache", "Views/Events/EventDetailComponent.mustache", "Views/Events/NewEventScene.mustache",
            "Views/Events/EditEventScene.mustache", "Views/Events/EventFormComponent.mustache", "Tests/NotebookTests/EventTests.swift",
        ]))
        let edited = try String(contentsOf: appFile, encoding: .utf8)
        #expect(edited.contains("NotebookScene.self,\n            EventsScene.self,\n            NewEventScene.self,\n            EventScene.self,\n            EditEventScene.self,\n        ]"))
        #expect(edited.contains("var models: [any SQLModel.Type] { [Event.self] }"))
        #expect(edited.contains("        EventMigration.register(in: &migrations)\n    }"))
        let record = try String(contentsOf: root.appendingPathComponent("Sources/Notebook/Events/Event.swift"), encoding: .utf8)
        #expect(record.contains(
            "    @Column(.length(max: 200)) var title: String\n    @Column(.length(max: 10_000)) var notes: String?\n    var seats: Int\n    var price: Double?\n    var online: Bool\n}"))

        #expect(throws: ExitCode.self) { try GenerateResourceCommand<NotebookApp>.parse(arguments).run() }
        #expect(try String(contentsOf: appFile, encoding: .utf8) == edited, "a refused run changes nothing")
    }
}
