import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

// MARK: - ModelMacro

/// `@Model(table:)`: makes a struct an `SQLModel`, a table whose columns are its stored
/// properties (as `@SQLRecord` reads them), with `@Column(…)` marks for the key, uniqueness,
/// indexes and references.
///
/// It writes what `@SQLRecord` writes (`columnNames`, `init(row:)`) and: the table's name, the
/// primary key (its column, Swift type and value), the `TableSchema` (each column's kind from
/// its property's type through `ColumnSchema`'s key-path initializer, so the compiler checks
/// each is an `SQLColumnValue`), the column of each key path, and the values to bind.
public struct ModelMacro: ExtensionMacro {
    // MARK: - Expansion

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let structure = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: ModelMessage.notAStruct))
            return []
        }
        let columns = ModelColumn.all(in: declaration)
        var refused = false
        for column in columns {
            if let problem = column.optionProblem {
                context.diagnose(Diagnostic(node: Syntax(column.mark ?? node), message: problem))
                refused = true
            }
        }
        guard !refused else { return [] }
        let marked = columns.filter(\.isPrimaryKey)
        guard marked.count <= 1 else {
            context.diagnose(Diagnostic(node: node, message: ModelMessage.twoPrimaryKeys))
            return []
        }
        guard let key = marked.first ?? columns.first(where: { $0.name == "id" }) else {
            context.diagnose(Diagnostic(node: node, message: ModelMessage.noPrimaryKey))
            return []
        }
        guard let keyType = key.type else {
            context.diagnose(Diagnostic(node: node, message: ModelMessage.untypedPrimaryKey))
            return []
        }
        let generatesKey = marked.isEmpty || key.options.contains(".autoIncrement")
        let typeName = type.trimmedDescription
        let table = tableName(in: node) ?? StringLiteralExprSyntax(content: structure.name.text.lowercased()).description
        let access = DeclarationAccess.prefix(of: declaration)
        let names = columns.map { StringLiteralExprSyntax(content: $0.name).description }.joined(separator: ", ")
        let reads = columns.enumerated().map { "self.\($0.element.name) = try row[\($0.offset)]" }.joined(separator: "\n")
        let entries = columns.map { $0.fieldEntry(of: typeName) }.joined(separator: ",\n")
        let lookups = columns.map { "if keyPath == \\\(typeName).\($0.name) { return \(StringLiteralExprSyntax(content: $0.name)) }" }
            .joined(separator: "\n")
        let values = columns.map { "self.\($0.name).sqlValue" }.joined(separator: ", ")
        let conformance = protocols.isEmpty ? "" : ": " + protocols.map(\.trimmedDescription).joined(separator: ", ")
        return [
            try ExtensionDeclSyntax(
                """
                extension \(type.trimmed)\(raw: conformance) {
                    /// The primary key's type.
                    \(raw: access)typealias PrimaryKey = \(keyType)

                    /// The table's name.
                    \(raw: access)static let tableName: String = \(raw: table)

                    /// The primary key's column.
                    \(raw: access)static let primaryKeyColumn: String = \(StringLiteralExprSyntax(content: key.name))

                    /// The columns `init(row:)` reads, in order: the stored properties.
                    \(raw: access)static let columnNames: [String] = [\(raw: names)]

                    /// Every column as checks and forms see it, in order.
                    \(raw: access)static let modelFields: [ModelField<\(type.trimmed)>] = [
                        \(raw: entries)
                    ]

                    /// The table, as `@Model` found it in the stored properties.
                    \(raw: access)static let schema = TableSchema(
                        tableName, columns: modelFields.map(\\.column),
                        primaryKey: primaryKeyColumn, generatesKey: \(raw: generatesKey ? "true" : "false"))

                    /// The column `keyPath` names, or nil.
                    \(raw: access)static func columnName(for keyPath: PartialKeyPath<\(type.trimmed)>) -> String? {
                        \(raw: lookups)
                        return nil
                    }

                    /// The primary key's value.
                    \(raw: access)var primaryKey: \(keyType) { self.\(raw: key.name) }

                    /// The values of `columnNames`, in order.
                    \(raw: access)var columnValues: [SQLValue] { [\(raw: values)] }

                    /// Reads a row whose first columns are `columnNames`, in that order.
                    \(raw: access)init(row: SQLRow) throws {
                        \(raw: reads)
                    }
                }
                """)
        ]
    }

    /// The `table:` argument of `@Model(table:)`, as written; nil when not given.
    private static func tableName(in node: AttributeSyntax) -> String? {
        guard case .argumentList(let arguments) = node.arguments else { return nil }
        return arguments.first { $0.label?.text == "table" }?.expression.trimmedDescription
    }
}
