import SwiftSyntax

// MARK: - ModelColumn

/// One stored property of a `@Model` struct, as the macro reads it: its name, written type,
/// literal initial value and `@Column` mark.
struct ModelColumn {
    /// The property's (and the column's) name.
    var name: String
    /// The type as written, if it is.
    var type: TypeSyntax?
    /// The initial value when it is a literal the schema can keep as the column's default.
    var defaultValue: ExprSyntax?
    /// The options the mark lists (`.unique`, `.indexed`…), as written.
    var options: [String] = []
    /// The referenced model (`Instructor.self`), as written.
    var references: ExprSyntax?
    /// What deleting the referenced row does (`.cascade`), as written.
    var onDelete: ExprSyntax?

    /// Whether the mark makes this the primary key.
    var isPrimaryKey: Bool { options.contains(".primaryKey") || options.contains(".autoIncrement") }

    // MARK: - Reading

    /// The stored instance properties of `declaration` that are columns, in order (as
    /// `@SQLRecord` finds them), with their marks.
    static func all(in declaration: some DeclGroupSyntax) -> [ModelColumn] {
        var columns: [ModelColumn] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }) {
                continue
            }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let mark = variable.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first {
                $0.attributeName.trimmedDescription == "Column"
            }
            for binding in variable.bindings where SQLRecordMacro.isStored(binding) && !(isLet && binding.initializer != nil) {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                var column = ModelColumn(name: pattern.identifier.trimmedDescription.filter { $0 != "`" })
                column.type = binding.typeAnnotation?.type.trimmed
                column.defaultValue = binding.initializer.flatMap { isLiteral($0.value) ? $0.value.trimmed : nil }
                if let mark { column.read(mark) }
                columns.append(column)
            }
        }
        return columns
    }

    /// Takes the options, reference and delete action `mark` lists.
    private mutating func read(_ mark: AttributeSyntax) {
        guard case .argumentList(let arguments) = mark.arguments else { return }
        for argument in arguments {
            switch argument.label?.text {
            case "references": references = argument.expression.trimmed
            case "onDelete": onDelete = argument.expression.trimmed
            default: options.append(argument.expression.trimmedDescription)
            }
        }
    }

    /// Whether `expression` is a value the column can keep as its default: a number, a string
    /// without interpolation, a boolean, or a case (`.beginner`).
    private static func isLiteral(_ expression: ExprSyntax) -> Bool {
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || expression.is(BooleanLiteralExprSyntax.self)
        {
            return true
        }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return string.segments.allSatisfy { $0.is(StringSegmentSyntax.self) }
        }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.base == nil }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) {
            return prefix.operator.text == "-" && (prefix.expression.is(IntegerLiteralExprSyntax.self) || prefix.expression.is(FloatLiteralExprSyntax.self))
        }
        return false
    }

    // MARK: - Writing

    /// The `ColumnSchema` this column's schema entry is made with.
    func schemaEntry(of type: String) -> String {
        var arguments = ["\\\(type).\(name)", StringLiteralExprSyntax(content: name).description]
        arguments += options.filter { $0 == ".unique" || $0 == ".indexed" }
        if let references {
            arguments.append("references: ColumnReference(\(references)\(onDelete.map { ", onDelete: \($0)" } ?? ""))")
        }
        if let defaultValue { arguments.append("default: \(defaultValue)") }
        return "ColumnSchema(" + arguments.joined(separator: ", ") + ")"
    }
}
