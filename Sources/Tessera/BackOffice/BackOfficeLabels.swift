// MARK: - BackOfficeLabels

/// Names in words, from names in code: `startsAt` is "Starts at", `instructor_id` "Instructor".
enum BackOfficeLabels {
    /// `name`'s words, the first capitalized when `capitalized`, the rest lowercased (an
    /// abbreviation, `ID`, stays as it is).
    static func words(_ name: String, capitalized: Bool) -> String {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            if character == "_" || character == "-" || character == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character.isUppercase, let last = previous, last.isLowercase || last.isNumber {
                words.append(current)
                current = String(character)
            } else {
                current.append(character)
            }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        let shaped = words.map { $0.allSatisfy(\.isUppercase) && $0.count > 1 ? $0 : $0.lowercased() }
        let text = shaped.joined(separator: " ")
        return capitalized ? text.prefix(1).uppercased() + text.dropFirst() : text
    }

    /// A column's label: its words, without a reference's trailing `ID`.
    static func label(of column: ColumnSchema) -> String {
        var name = column.name
        if column.references != nil {
            for suffix in ["ID", "Id", "_id"] where name.hasSuffix(suffix) && name.count > suffix.count {
                name.removeLast(suffix.count)
                break
            }
        }
        return words(name, capitalized: true)
    }
}
