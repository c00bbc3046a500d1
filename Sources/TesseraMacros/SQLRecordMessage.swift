import SwiftDiagnostics

// MARK: - SQLRecordMessage

/// What `@SQLRecord` says when it cannot apply.
enum SQLRecordMessage: String, DiagnosticMessage {
    case notAStruct

    var message: String {
        switch self {
        case .notAStruct: "@SQLRecord applies to a struct, whose stored properties are its columns"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "TesseraMacros", id: rawValue) }
    var severity: DiagnosticSeverity { .error }
}
