import Foundation

// MARK: - Swift source

/// The Swift that makes each value again, for a written migration (`tessera makemigration`).
protocol SwiftSource {
    /// An expression that makes the value.
    var swiftSource: String { get }
}

/// `text` as a Swift string literal.
func swiftLiteral(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

extension SchemaChange: SwiftSource {
    var swiftSource: String {
        switch self {
        case .createTable(let table): ".createTable(\(table.swiftSource))"
        case .addColumn(let column, let table): ".addColumn(\(column.swiftSource), table: \(swiftLiteral(table)))"
        case .dropColumn(let column, let table): ".dropColumn(\(swiftLiteral(column)), table: \(swiftLiteral(table)))"
        case .alterColumn(let column, let table): ".alterColumn(\(swiftLiteral(column)), table: \(table.swiftSource))"
        case .createIndex(let column, let table): ".createIndex(\(column.swiftSource), table: \(swiftLiteral(table)))"
        case .dropIndex(let name): ".dropIndex(\(swiftLiteral(name)))"
        }
    }
}

extension TableSchema: SwiftSource {
    var swiftSource: String {
        let columns = columns.map { "                    " + $0.swiftSource + "," }.joined(separator: "\n")
        return """
            TableSchema(
                \(swiftLiteral(name)),
                columns: [
            \(columns)
                ],
                primaryKey: \(swiftLiteral(primaryKey)), generatesKey: \(generatesKey))
            """
            .split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 ? String($0.element) : "            " + $0.element }.joined(separator: "\n")
    }
}

extension ColumnSchema: SwiftSource {
    var swiftSource: String {
        var arguments = [swiftLiteral(name), "." + kind.rawValue]
        if isNullable { arguments.append("nullable: true") }
        if isUnique { arguments.append("unique: true") }
        if isIndexed { arguments.append("indexed: true") }
        if let references {
            arguments.append(
                "references: ColumnReference(table: \(swiftLiteral(references.table)), column: \(swiftLiteral(references.column)), onDelete: .\(references.onDelete.rawValue))"
            )
        }
        if let defaultValue { arguments.append("default: " + defaultValue.swiftSource) }
        return "ColumnSchema(" + arguments.joined(separator: ", ") + ")"
    }
}

extension SQLValue: SwiftSource {
    var swiftSource: String {
        switch self {
        case .null: ".null"
        case .integer(let value): ".integer(\(value))"
        case .real(let value): ".real(\(value))"
        case .text(let value): ".text(\(swiftLiteral(value)))"
        case .blob(let bytes): ".blob(\(bytes))"
        case .date(let value): ".date(Date(timeIntervalSince1970: \(value.timeIntervalSince1970)))"
        case .bool(let value): ".bool(\(value))"
        }
    }
}
