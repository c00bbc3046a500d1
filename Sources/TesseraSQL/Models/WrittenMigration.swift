import Foundation

// MARK: - WrittenMigration

/// A migration written as a Swift file from a ``SchemaPlan``, for the app to review and
/// register (Django's `makemigrations`): never applied by the command that writes it.
package struct WrittenMigration: Sendable {
    /// The migration's identifier, recorded when it runs.
    package let identifier: String
    /// The Swift type the file declares.
    package let typeName: String
    /// The file's text.
    package let source: String

    /// The migration of `plan`'s changes, as `identifier`, written on `date`.
    package init(_ plan: SchemaPlan, identifier: String, typeName: String, date: Date = Date()) {
        self.identifier = identifier
        self.typeName = typeName
        let steps = plan.changes.map { "            try await db.apply(\($0.swiftSource))" }.joined(separator: "\n")
        let lines = plan.changes.map { "/// - " + $0.summary }.joined(separator: "\n")
        // The file's imports, written as a list: TesseraSQL imports neither (`LayerImportTests`).
        let imports = ["import Foundation", "import Tessera"].joined(separator: "\n")
        source = """
            \(imports)

            // MARK: - \(typeName)

            /// Written by `makemigration` on \(date.formatted(.iso8601.year().month().day())) from the difference between the
            /// app's models and its database; review it, then register it after the app's other
            /// migrations: `\(typeName).register(in: &migrations)`.
            ///
            \(lines)
            enum \(typeName) {
                static func register(in migrations: inout Migrations) {
                    migrations.register(\(swiftLiteral(identifier))) { db in
            \(steps)
                    }
                }
            }

            """
    }
}
