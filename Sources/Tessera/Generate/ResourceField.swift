// MARK: - ResourceField

/// One field of a generated resource, as given on the command line: `title:string`,
/// `notes:text?` (a `?` makes it optional), `seats:int`, `price:double`, `online:bool`. Each
/// knows the Swift it is written as in the record, the migration, the form and the tests.
struct ResourceField: Sendable, Equatable {
    /// What a field holds.
    enum Kind: String, CaseIterable, Sendable {
        /// A line of text (at most 200 characters).
        case string
        /// Text of several lines (at most 10,000 characters).
        case text
        /// A whole number.
        case int
        /// A number with decimals.
        case double
        /// Yes or no: a checkbox.
        case bool
    }

    /// The property's name: `startsAt`.
    let name: String
    let kind: Kind
    /// Whether it may be left empty (`String?`, `Int?`).
    let isOptional: Bool

    /// `spec` (`name:kind` or `name:kind?`), checked.
    init(parsing spec: String) throws(GenerateError) {
        let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw GenerateError("'\(spec)' is not a field: write name:kind (title:string, notes:text?)") }
        name = parts[0]
        isOptional = parts[1].hasSuffix("?")
        let kindName = isOptional ? String(parts[1].dropLast()) : parts[1]
        guard let kind = Kind(rawValue: kindName) else {
            throw GenerateError("'\(kindName)' in '\(spec)' is not a kind: use \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.kind = kind
        guard ResourceName.isTypeName(ResourceName.upperFirst(name)), name.first?.isLowercase == true else {
            throw GenerateError("'\(name)' is not a field name: start with a small letter, then letters and digits (title, startsAt)")
        }
        guard !Self.taken.contains(name) else { throw GenerateError("'\(name)' is a name the generated code uses already: choose another") }
        guard !(kind == .bool && isOptional) else { throw GenerateError("'\(spec)': a checkbox is on or off, so bool cannot be optional") }
    }

    // MARK: - Record

    /// `String`, `Int?`…
    var swiftType: String {
        let base = switch kind {
        case .string, .text: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        }
        return base + (isOptional ? "?" : "")
    }

    /// The column's kind in a migration: `.text`, `.integer`, `.real`, `.boolean`.
    var columnKind: String {
        switch kind {
        case .string, .text: ".text"
        case .int: ".integer"
        case .double: ".real"
        case .bool: ".boolean"
        }
    }

    /// The value a new record starts from before the form's values are set.
    var emptyValue: String {
        if isOptional { return "nil" }
        return switch kind {
        case .string, .text: "\"\""
        case .int, .double: "0"
        case .bool: "false"
        }
    }

    /// `Starts at`: the field's label.
    var label: String { ResourceName.upperFirst(ResourceName.words(name).joined(separator: " ")) }

    /// Whether the form refuses it empty.
    var isRequired: Bool { !isOptional && kind != .bool }

    // MARK: - Samples

    /// What a test types into it for record `number`: `Title 1`, `12`, `2.5`, `on`.
    func sample(_ number: Int) -> String {
        switch kind {
        case .string: "\(label) \(number)"
        case .text: "Some text \(number)"
        case .int: "\(10 + number)"
        case .double: "\(number).5"
        case .bool: "on"
        }
    }

    /// The Swift value of ``sample(_:)`` for a record made in a preview (`number` a variable).
    var sampleSwift: String {
        switch kind {
        case .string: "\"\(label) \\(number)\""
        case .text: "\"Some text \\(number)\""
        case .int: "10 + number"
        case .double: "Double(number) + 0.5"
        case .bool: "false"
        }
    }

    /// Names a field may not take: Swift's keywords, the record's own columns and the names the
    /// generated models read.
    private static let taken: Set<String> = [
        "id", "ownerID", "actionURL", "fields", "summary", "isNew", "editURL", "deleteURL", "canChange", "url", "typed", "errors",
        "pagination", "pager", "isEmpty", "newURL", "heading", "form", "scope", "saved", "db", "number", "class", "struct", "enum", "func", "var", "let", "default", "case", "switch",
        "if", "else", "for", "in", "while", "return", "import", "protocol", "extension", "self", "super", "init", "true", "false",
        "nil", "is", "as", "try", "throw", "throws", "static", "public", "private", "internal", "operator", "where", "repeat",
        "guard", "defer", "do", "break", "continue", "fallthrough", "inout", "subscript", "typealias", "associatedtype", "deinit",
        "rethrows", "any", "some", "await", "async", "package", "fileprivate", "open",
    ]
}
