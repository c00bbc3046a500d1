import SwiftDiagnostics

// MARK: - ModelMessage

/// What `@Model` says when it cannot apply.
enum ModelMessage: String, DiagnosticMessage {
    case notAStruct
    case noPrimaryKey
    case untypedPrimaryKey
    case twoPrimaryKeys

    var message: String {
        switch self {
        case .notAStruct: "@Model applies to a struct, whose stored properties are its columns"
        case .noPrimaryKey: "@Model needs a primary key: a property `id`, or one marked @Column(.primaryKey) or @Column(.autoIncrement)"
        case .untypedPrimaryKey: "@Model needs the primary key's type written out (`var id: Int64`)"
        case .twoPrimaryKeys: "@Model takes one primary key; more than one property is marked as the key"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "TesseraMacros", id: "model." + rawValue) }
    var severity: DiagnosticSeverity { .error }
}
