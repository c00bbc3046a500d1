import SwiftDiagnostics

// MARK: - ModelMessage

/// What `@Model` says when it cannot apply.
enum ModelMessage: DiagnosticMessage {
    case notAStruct
    case noPrimaryKey
    case untypedPrimaryKey
    case twoPrimaryKeys
    case textOptionOnNonText(String)
    case rangeOnNonNumber
    case badLength
    case emptyAndLeast

    var message: String {
        switch self {
        case .textOptionOnNonText(let option):
            "@Column(\(option)) checks text: it applies to a `String` or `String?` property"
        case .rangeOnNonNumber: "@Column(.range(…)) checks a number: it applies to an `Int`, `Int64`, `Int32` or `Double` property"
        case .badLength: "@Column(.length(min:max:)) needs 0 <= min <= max and max >= 1"
        case .emptyAndLeast: "@Column(.allowsEmpty) contradicts a least length above 0: drop one of them"
        case .notAStruct: "@Model applies to a struct, whose stored properties are its columns"
        case .noPrimaryKey: "@Model needs a primary key: a property `id`, or one marked @Column(.primaryKey) or @Column(.autoIncrement)"
        case .untypedPrimaryKey: "@Model needs the primary key's type written out (`var id: Int64`)"
        case .twoPrimaryKeys: "@Model takes one primary key; more than one property is marked as the key"
        }
    }

    private var id: String {
        switch self {
        case .notAStruct: "notAStruct"
        case .noPrimaryKey: "noPrimaryKey"
        case .untypedPrimaryKey: "untypedPrimaryKey"
        case .twoPrimaryKeys: "twoPrimaryKeys"
        case .textOptionOnNonText: "textOptionOnNonText"
        case .rangeOnNonNumber: "rangeOnNonNumber"
        case .badLength: "badLength"
        case .emptyAndLeast: "emptyAndLeast"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "TesseraMacros", id: "model." + id) }
    var severity: DiagnosticSeverity { .error }
}
