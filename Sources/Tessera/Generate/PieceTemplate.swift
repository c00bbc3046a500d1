// MARK: - PieceTemplate

/// The files of `generate scene`, `generate component` and `generate migration`: one piece
/// each, with its template, preview or test, in a feature's folder.
enum PieceTemplate {
    // MARK: - Scene

    /// A page at `path` anyone may see, its template and a test that it answers.
    static func scene(_ type: String, path: String, folder: String, module: String, appType: String) -> [(path: String, text: String)] {
        let title = ResourceName.upperFirst(ResourceName.words(String(type.dropLast("Scene".count))).joined(separator: " "))
        let source = #"""
            import Tessera

            /// `GET \#(path)`: for anyone (`.signedIn`, `.role(.admin)` or an owner's rule narrow it).
            final class \#(type): Scene {
                override class var path: String { "\#(path)" }
                override class var policy: Policy? { .anyone }

                override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
                    head.title = "\#(title)"
                }
            }

            """#
        let test = #"""
            import Tessera
            import Testing
            import TesseraTesting

            @testable import \#(module)

            @Suite("\#(title)")
            struct \#(type)Tests {
                @Test("\#(path) answers with its heading")
                func answersWithItsHeading() async throws {
                    try await TestApp<\#(appType)>().test { client in
                        let page = try await client.get("\#(path)")
                        #expect(page.status == .ok)
                        #expect(page.select("main h1").map(\.text) == ["\#(title)"])
                    }
                }
            }

            """#
        return [
            ("Sources/\(module)/\(folder)/\(type).swift", source), ("Views/\(folder)/\(type).mustache", "<h1>\(title)</h1>\n"),
            ("Tests/\(module)Tests/\(type)Tests.swift", test),
        ]
    }

    // MARK: - Component

    /// A component with a heading, its template and its preview.
    static func component(_ type: String, folder: String, module: String) -> [(path: String, text: String)] {
        let title = ResourceName.upperFirst(ResourceName.words(String(type.dropLast("Component".count))).joined(separator: " "))
        let id = ResourceName.words(String(type.dropLast("Component".count))).joined(separator: "-")
        let source = #"""
            import Tessera

            /// \#(title): loads its own data and renders `Views/\#(folder)/\#(type).mustache`; a scene places it
            /// with `slot("\#(id)") { _, _ in \#(type)() }`.
            @Component
            struct \#(type) {
                func load(_ scope: ComponentScope<Self>) async throws -> Model {
                    Model(heading: "\#(title)")
                }

                @TemplateModel
                struct Model {
                    let heading: String
                }
            }

            """#
        let previews = #"""
            import Tessera

            /// The component's states worth seeing: listed at `/_tessera/previews` by `serve --dev`.
            extension \#(type): Previewable {
                static var previews: [Preview] {
                    [Preview("as loaded", id: "\#(id)") { \#(type)() }]
                }
            }

            """#
        return [
            ("Sources/\(module)/\(folder)/\(type).swift", source), ("Sources/\(module)/\(folder)/\(type)+Previews.swift", previews),
            ("Views/\(folder)/\(type).mustache", "<h2>{{heading}}</h2>\n"),
        ]
    }

    // MARK: - Migration

    /// A migration adding `fields` to `table`, or (no fields) one to fill in: its body is an
    /// editor placeholder, so the app does not build until it says what it does.
    static func migration(_ type: String, identifier: String, table: String?, fields: [ResourceField], module: String)
        -> (path: String, text: String)
    {
        let body: String
        let doc: String
        if let table, !fields.isEmpty {
            body = fields.map { field -> String in
                "            try await db.apply(.addColumn(ColumnSchema(\"\(field.name)\", \(field.columnKind)\(field.isOptional ? ", nullable: true" : "")), table: \"\(table)\"))"
            }.joined(separator: "\n")
            doc = "/// Adds \(fields.map { "`\($0.name)`" }.joined(separator: ", ")) to `\(table)` (rows already there get each kind's zero, or\n/// `NULL`). Add the same properties to the model."
        } else {
            body = "            try await db.execute(<#the SQL this migration runs#>)"
            doc = "/// Fill in what it changes (the build stops at the placeholder until you do), then register it after\n/// the app's other migrations: `\(type).register(in: &migrations)`."
        }
        let source = """
            import Tessera

            \(doc)
            enum \(type) {
                static func register(in migrations: inout Migrations) {
                    migrations.register("\(identifier)") { db in
            \(body)
                    }
                }
            }

            """
        return ("Sources/\(module)/Migrations/\(type).swift", source)
    }
}
