import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

// MARK: - SQLRecordMacro

/// `@SQLRecord`: makes a struct an `SQLRecord` whose columns are its stored properties, each
/// named once.
///
/// Every stored instance property the struct declares in its body becomes a column of the same
/// name, in order (but a `let` with a value, which no row can set). The macro writes `columnNames` (what a query selects: `Book.columns`) and an
/// `init(row:)` that reads them by position. Computed properties are not columns.
public struct SQLRecordMacro: ExtensionMacro {
    // MARK: - Expansion

    /// An extension (adding the `SQLRecord` conformance unless the type states it) holding
    /// `columnNames` and `init(row:)`: in an extension, so the struct keeps its memberwise
    /// initializer.
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: SQLRecordMessage.notAStruct))
            return []
        }
        let columns = Self.columns(in: declaration)
        let access = DeclarationAccess.prefix(of: declaration)
        let names = columns.map { StringLiteralExprSyntax(content: $0).description }.joined(separator: ", ")
        let reads = columns.enumerated().map { "self.\($0.element) = try row[\($0.offset)]" }.joined(separator: "\n")
        let conformance = protocols.isEmpty ? "" : ": SQLRecord"
        return [
            try ExtensionDeclSyntax(
                """
                extension \(type.trimmed)\(raw: conformance) {
                    /// The columns `init(row:)` reads, in order: the stored properties, as `@SQLRecord` found them.
                    \(raw: access)static let columnNames: [String] = [\(raw: names)]

                    /// Reads a row whose first columns are `columnNames`, in that order.
                    \(raw: access)init(row: SQLRow) throws {
                        \(raw: reads)
                    }
                }
                """)
        ]
    }

    // MARK: - Reading the declaration

    /// The stored instance properties that are columns, in order.
    static func columns(in declaration: some DeclGroupSyntax) -> [String] {
        var names: [String] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }) {
                continue
            }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            for binding in variable.bindings where Self.isStored(binding) && !(isLet && binding.initializer != nil) {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                names.append(pattern.identifier.trimmedDescription.filter { $0 != "`" })
            }
        }
        return names
    }

    /// Whether `binding` stores its value: no accessor block, or only `willSet`/`didSet`.
    static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessors = binding.accessorBlock?.accessors else { return true }
        switch accessors {
        case .getter: return false
        case .accessors(let list):
            return list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
        }
    }

}
