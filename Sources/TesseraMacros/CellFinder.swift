import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

// MARK: - CellFinder

/// Finds the cell renderers a component's body registers: the type made by the first argument
/// of every `registering(…)` or `register(…)` call (`registering(BlogCell(blogURL: …))`,
/// `.registering(FeedHeaderCell(), as: .header)`). A renderer handed to `registering` by another
/// expression (a variable) cannot be read from the syntax: the macro says so, at that argument.
final class CellFinder: SyntaxVisitor {
    private var names: [String] = []
    private var unreadable: [ExprSyntax] = []

    /// The renderers' type names, in the order first met.
    static func cells(in declaration: some DeclGroupSyntax, context: some MacroExpansionContext) -> [String] {
        let finder = CellFinder(viewMode: .sourceAccurate)
        finder.walk(declaration.memberBlock)
        for argument in finder.unreadable {
            context.diagnose(Diagnostic(node: argument, message: ComponentMessage.unreadableCell))
        }
        return finder.names
    }

    /// After the call's parts: in a chain `CellRegistry().registering(A).registering(B)` the
    /// inner call, `A`'s, ends first.
    override func visitPost(_ call: FunctionCallExprSyntax) {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["registering", "register"].contains(member.declName.baseName.text),
            let argument = call.arguments.first?.expression
        else { return }
        if let name = Self.madeType(argument) {
            if !names.contains(name) { names.append(name) }
        } else if member.declName.baseName.text == "registering" {
            unreadable.append(argument)
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
            "@Component lists the cells a component registers from their initializers: write the renderer here "
                + "(registering(BookCell(…))), or declare 'static var cellTypes' yourself"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "TesseraMacros", id: rawValue) }
    var severity: DiagnosticSeverity { .error }
}
