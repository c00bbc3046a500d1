import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

// MARK: - CellFinder

/// Finds the cell renderers a component's body lists in a data source's closure: the type made
/// by each line of the closure handed to `SectionedDataSource(sections:) { … }` (`BlogCell(blogURL:
/// …)`, `FeedHeaderCell()`, those under an `if`). A line that is not a renderer's initializer (a
/// variable) cannot be read from the syntax: the macro says so, at that line.
final class CellFinder: SyntaxVisitor {
    private var names: [String] = []
    private var unreadable: [Syntax] = []

    /// The renderers' type names, in the order first met.
    static func cells(in declaration: some DeclGroupSyntax, context: some MacroExpansionContext) -> [String] {
        let finder = CellFinder(viewMode: .sourceAccurate)
        finder.walk(declaration.memberBlock)
        for line in finder.unreadable {
            context.diagnose(Diagnostic(node: line, message: ComponentMessage.unreadableCell))
        }
        return finder.names
    }

    /// A data source's call: its cells' closure, trailing or labelled `cells:`.
    override func visitPost(_ call: FunctionCallExprSyntax) {
        guard Self.isDataSource(call.calledExpression) else { return }
        let closure = call.trailingClosure ?? call.arguments.first { $0.label?.text == "cells" }?.expression.as(ClosureExprSyntax.self)
        guard let closure else { return }
        note(closure.statements)
    }

    /// Whether `callee` names `SectionedDataSource` (`SectionedDataSource<MessageSection>`,
    /// `Tessera.SectionedDataSource`).
    private static func isDataSource(_ callee: ExprSyntax) -> Bool {
        var callee = callee
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "SectionedDataSource" }
        if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text == "SectionedDataSource" }
        return false
    }

    /// The renderers the lines of `statements` make, looking inside `if`s.
    private func note(_ statements: CodeBlockItemListSyntax) {
        for statement in statements {
            var expression = statement.item.as(ExprSyntax.self) ?? statement.item.as(ExpressionStmtSyntax.self)?.expression
            if let unwrapped = expression?.as(IfExprSyntax.self) {
                note(unwrapped)
                continue
            }
            if let tried = expression?.as(TryExprSyntax.self) { expression = tried.expression }
            if let expression, let name = Self.madeType(expression) {
                if !names.contains(name) { names.append(name) }
            } else {
                unreadable.append(Syntax(statement))
            }
        }
    }

    private func note(_ branch: IfExprSyntax) {
        note(branch.body.statements)
        switch branch.elseBody {
        case .ifExpr(let next): note(next)
        case .codeBlock(let block): note(block.statements)
        case nil: break
        }
    }

    /// `BlogCell` for `BlogCell(…)`, `BlogCell { … }`, `BlogCell.init(…)` or `Cells.Blog(…)`;
    /// nil for anything that is not a call to a type (whose name starts with a capital).
    private static func madeType(_ expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base {
            callee = base
        }
        let last: String? =
            if let reference = callee.as(DeclReferenceExprSyntax.self) {
                reference.baseName.text
            } else if let member = callee.as(MemberAccessExprSyntax.self) {
                member.declName.baseName.text
            } else if let specialized = callee.as(GenericSpecializationExprSyntax.self) {
                specialized.expression.trimmedDescription
            } else {
                nil
            }
        guard let last, last.first?.isUppercase == true else { return nil }
        return callee.trimmedDescription
    }
}

// MARK: - ComponentMessage

/// What `@Component` says when it cannot list something.
enum ComponentMessage: String, DiagnosticMessage {
    case unreadableCell

    var message: String {
        switch self {
        case .unreadableCell:
            "@Component lists the cells a data source draws from their initializers: write the renderer here "
                + "(BookCell(…)), or declare 'static var cellTypes' yourself"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "TesseraMacros", id: rawValue) }
    var severity: DiagnosticSeverity { .error }
}
