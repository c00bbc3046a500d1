import SwiftDiagnostics

// MARK: - TemplateModelMessage

enum TemplateModelMessage: String, DiagnosticMessage {
    case notAType

    var message: String {
        switch self {
        case .notAType: "@TemplateModel applies to a struct, a class or an enum"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "TesseraMacros", id: rawValue) }
    var severity: DiagnosticSeverity { .error }
}
