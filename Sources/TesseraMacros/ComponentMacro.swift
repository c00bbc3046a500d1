import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

// MARK: - ComponentMacro

/// `@Component`: makes a type a `Component` whose actions and children are listed from their
/// declarations, so each is said once.
///
/// Every `static let` of the type's body made by `Action(…)` (or typed `Action<…>`) is one of
/// its actions, in order; every one made by `ChildSlot(…)` (or typed `ChildSlot<…>`) is one of
/// its kinds of child. Every renderer a data source's closure in the body lists
/// (`SectionedDataSource(sections: …) { BookCell(…) }`) is one of its cell types, checked at start-up. The macro writes `actions`,
/// `children` and `cellTypes` from them in an extension, unless the body declares them itself.
public struct ComponentMacro: ExtensionMacro {
    // MARK: - Expansion

    /// An extension adding the `Component` conformance (unless the type states it) and the lists.
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let access = DeclarationAccess.prefix(of: declaration)
        let declared = Self.staticNames(in: declaration)
        var members: [String] = []
        let actions = Self.staticLets(in: declaration, madeBy: "Action")
        if !actions.isEmpty, !declared.contains("actions") {
            members.append(
                """
                /// Its actions, as `@Component` found them: the `static let`s made by `Action(…)`.
                \(access)static var actions: [Action<Self>] { [\(actions.joined(separator: ", "))] }
                """)
        }
        let children = Self.staticLets(in: declaration, madeBy: "ChildSlot")
        if !children.isEmpty, !declared.contains("children") {
            members.append(
                """
                /// Its kinds of child, as `@Component` found them: the `static let`s made by `ChildSlot(…)`.
                \(access)static var children: [any ChildDeclaration] { [\(children.joined(separator: ", "))] }
                """)
        }
        if !declared.contains("cellTypes") {
            let cells = CellFinder.cells(in: declaration, context: context)
            if !cells.isEmpty {
                members.append(
                    """
                    /// The cells it draws, as `@Component` found them: the renderers its data sources list.
                    \(access)static var cellTypes: [any CellRenderer.Type] { [\(cells.map { $0 + ".self" }.joined(separator: ", "))] }
                    """)
            }
        }
        let conformance = protocols.isEmpty ? "" : ": Component"
        guard !members.isEmpty || !conformance.isEmpty else { return [] }
        guard !members.isEmpty else { return [try ExtensionDeclSyntax("extension \(type.trimmed)\(raw: conformance) {}")] }
        return [
            try ExtensionDeclSyntax(
                """
                extension \(type.trimmed)\(raw: conformance) {
                \(raw: members.joined(separator: "\n\n"))
                }
                """)
        ]
    }

    // MARK: - Reading the declaration

    /// The names of the `static let`s (or `static var`s with a value) in the body made by
    /// `maker(…)`, `maker<…>(…)`, or typed `maker<…>`, in order.
    static func staticLets(in declaration: some DeclGroupSyntax, madeBy maker: String) -> [String] {
        var names: [String] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), isStatic(variable) else { continue }
            for binding in variable.bindings {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                let typed = binding.typeAnnotation.map { typeName($0.type) == maker } ?? false
                let made = binding.initializer.map { calledName($0.value) == maker } ?? false
                if typed || made { names.append(pattern.identifier.trimmedDescription) }
            }
        }
        return names
    }

    /// The names of every static property and method the body declares.
    private static func staticNames(in declaration: some DeclGroupSyntax) -> Set<String> {
        var names: Set<String> = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), isStatic(variable) else { continue }
            for binding in variable.bindings {
                if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) { names.insert(pattern.identifier.trimmedDescription) }
            }
        }
        return names
    }

    private static func isStatic(_ variable: VariableDeclSyntax) -> Bool {
        variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// `Action` for `Action<Self>` or `Tessera.Action`.
    private static func typeName(_ type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        return nil
    }

    /// `Action` for `Action("like", …)`, `Action<Self>(…)` or `Tessera.Action(…)`.
    private static func calledName(_ expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        var callee = call.calledExpression
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }
}
