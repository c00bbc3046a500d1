// MARK: - Record and migration

extension ResourceTemplate {
    var record: String {
        let columns = fields.map { field -> String in
            let checks = switch field.kind {
            case .string: "@Column(.length(max: 200)) "
            case .text: "@Column(.length(max: 10_000)) "
            case .int, .double, .bool: ""
            }
            return "    \(checks)var \(field.name): \(field.swiftType)"
        }.joined(separator: "\n")
        return #"""
            import Foundation
            import Tessera

            /// \#(ResourceName.upperFirst(name.withArticle)): one row of `\#(name.table)`, its columns the stored properties (`@Model`),
            /// with the checks its form and every write apply. Its owner is the member who added it.
            @Model
            struct \#(name.type): Sendable {
                var id: Int64
                /// The member who added it: they, or an admin, may change or delete it.
                @Column(.indexed) var ownerID: Int64
            \#(columns)
            }

            """#
    }

    var migrationSource: String {
        let columns = fields.map { field -> String in
            "                            ColumnSchema(\"\(field.name)\", \(field.columnKind)\(field.isOptional ? ", nullable: true" : "")),"
        }.joined(separator: "\n")
        return #"""
            import Foundation
            import Tessera

            /// The `\#(name.table)` table, as `\#(name.type)` first said it. Never edit a migration that has shipped: a
            /// change to the model gets one of its own (`makemigration` writes it).
            enum \#(migration) {
                static func register(in migrations: inout Migrations) {
                    migrations.register("\#(name.path.dropFirst()).v1") { db in
                        try await db.apply(
                            .createTable(
                                TableSchema(
                                    "\#(name.table)",
                                    columns: [
                                        ColumnSchema("id", .integer),
                                        ColumnSchema("ownerID", .integer, indexed: true),
            \#(columns)
                                    ],
                                    primaryKey: "id", generatesKey: true)))
                    }
                }
            }

            """#
    }
}
