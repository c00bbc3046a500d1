import Foundation

// MARK: - AppFileEditor

/// Adds a generated feature's declarations to the app's own file (`BookClubApp.swift`): its
/// scenes, models and previews to those lists, its migration to `migrations(_:)`. It edits only
/// what it recognises (a list written on one line, or its closing `]` on a line of its own; the
/// function's closing brace at its own indentation) and says what it could not, for the
/// developer to add by hand.
struct AppFileEditor {
    /// The file's text, as edited so far.
    private(set) var text: String
    /// What could not be added, as sentences.
    private(set) var leftToDo: [String] = []

    /// The longest line a list is kept on; past it, one item a line.
    static let lineLength = 120

    init(_ text: String) { self.text = text }

    // MARK: - Edits

    /// Appends `items` to the array literal of `var <property>`; adds the property (declared as
    /// `declaration`) after `var scenes`'s declaration when the app has none.
    mutating func append(_ items: [String], to property: String, declaredAs declaration: String) {
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains("var \(property):") }) else {
            guard let scenes = lines.firstIndex(where: { $0.contains("var scenes:") }) else {
                leftToDo.append("add `var \(property): \(declaration) { [\(items.joined(separator: ", "))] }` to the app")
                return
            }
            let indent = String(lines[scenes].prefix { $0 == " " })
            let end = lines[scenes].hasSuffix("}") ? scenes : lines[(scenes + 1)...].firstIndex { $0 == indent + "}" } ?? scenes
            lines.insert(indent + "var \(property): \(declaration) { [\(items.joined(separator: ", "))] }", at: end + 1)
            text = lines.joined(separator: "\n")
            return
        }
        let line = lines[index]
        if let close = line.range(of: "] }", options: .backwards), let open = line.range(of: "{ [") {
            let inside = line[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            let list = (inside.isEmpty ? [] : [inside]) + items
            let joined = String(line[..<open.upperBound]) + list.joined(separator: ", ") + String(line[close.lowerBound...])
            if joined.count <= Self.lineLength {
                lines[index] = joined
            } else {  // one item a line, as a formatter would write it
                let indent = String(line.prefix { $0 == " " })
                let every = list.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
                lines[index...index] = [String(line[..<open.lowerBound]) + "{", indent + "    ["]
                    + every.map { indent + "        " + $0 + "," } + [indent + "    ]", indent + "}"]
            }
        } else if let closing = lines[(index + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("]") }) {
            let indent = String(lines[closing].prefix { $0 == " " }) + "    "
            if let last = lines[index + 1..<closing].lastIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }),
                !lines[last].hasSuffix(","), !lines[last].hasSuffix("[")
            {
                lines[last] += ","
            }
            lines.insert(contentsOf: items.map { indent + $0 + "," }, at: closing)
        } else {
            leftToDo.append("add \(items.joined(separator: ", ")) to the app's `\(property)`")
            return
        }
        text = lines.joined(separator: "\n")
    }

    /// Adds `statement` as the last line of the app's `func migrations(_:)`.
    mutating func addMigration(_ statement: String) {
        var lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains("func migrations(") && $0.hasSuffix("{") }) else {
            leftToDo.append("add `\(statement)` to the app's migrations(_:)")
            return
        }
        let indent = String(lines[start].prefix { $0 == " " })
        guard let end = lines[(start + 1)...].firstIndex(where: { $0 == indent + "}" }) else {
            leftToDo.append("add `\(statement)` to the app's migrations(_:)")
            return
        }
        lines.insert(indent + "    " + statement, at: end)
        text = lines.joined(separator: "\n")
    }
}
