import Foundation
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
    /// Whether the property is a `let` (a changeset never sets it).
    var isLet = false
    /// The mark, for diagnostics.
    var mark: AttributeSyntax?

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
                column.isLet = isLet
                column.mark = mark
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

    /// The `ModelField` this column's entry in `modelFields` is made with (its schema, options
    /// and checks).
    func fieldEntry(of type: String) -> String {
        var arguments = [(isLet ? "readOnly: " : "") + "\\\(type).\(name)", StringLiteralExprSyntax(content: name).description]
        arguments += options
        if let references {
            arguments.append("references: ColumnReference(\(references)\(onDelete.map { ", onDelete: \($0)" } ?? ""))")
        }
        if let defaultValue { arguments.append("default: \(defaultValue)") }
        return "ModelField(" + arguments.joined(separator: ", ") + ")"
    }

    // MARK: - Checking

    /// The options that check text, as written (`.length(max: 80)`), the leading name only.
    private var textOptions: [String] { options.filter { $0.hasPrefix(".length") || $0.hasPrefix(".format") || $0 == ".allowsEmpty" } }

    /// What is wrong with the mark's options for this column's written type, if anything: a
    /// text check on a type that is not `String`, a range on one that is not a number, a length
    /// whose bounds are literal and backwards, empty text allowed beside a least length.
    var optionProblem: ModelMessage? {
        let written = type?.trimmedDescription.replacingOccurrences(of: " ", with: "") ?? ""
        let base = written.hasSuffix("?") ? String(written.dropLast()) : written
        let isText = base == "String"
        let isNumber = ["Int", "Int64", "Int32", "Double"].contains(base)
        if !written.isEmpty, !isText, let option = textOptions.first { return .textOptionOnNonText(option) }
        if !written.isEmpty, !isNumber, options.contains(where: { $0.hasPrefix(".range") }) { return .rangeOnNonNumber }
        if let length = options.first(where: { $0.hasPrefix(".length") }), let (min, max) = Self.literalBounds(length), min > max || max < 1 {
            return .badLength
        }
        if options.contains(".allowsEmpty"), let length = options.first(where: { $0.hasPrefix(".length") }),
            let (min, _) = Self.literalBounds(length), min > 0
        {
            return .emptyAndLeast
        }
        return nil
    }

    /// `min` and `max` of `.length(min: 2, max: 80)` when both are literal (min default 0).
    private static func literalBounds(_ option: String) -> (Int, Int)? {
        let inner = option.dropFirst(".length(".count).dropLast()
        var min = 0
        var max: Int?
        for part in inner.split(separator: ",") {
            let pair = part.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, let value = Int(pair[1].replacingOccurrences(of: "_", with: "")) else { return nil }
            if pair[0] == "min" { min = value } else if pair[0] == "max" { max = value }
        }
        return max.map { (min, $0) }
    }
}
