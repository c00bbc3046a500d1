import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import TesseraMacros
import Testing

/// What `@Model` refuses, and says why.
@Suite("@Model's refusals")
struct ModelMacroTests {
    private let specs = ["Model": MacroSpec(type: ModelMacro.self, conformances: ["SQLModel", "SQLRecord"])]

    @Test("a class, no primary key, an untyped key, two keys: each an error saying what to write")
    func refusals() {
        let cases: [(String, String)] = [
            ("@Model\nclass Room {}", "@Model applies to a struct, whose stored properties are its columns"),
            (
                "@Model\nstruct Room {\n    var name: String\n}",
                "@Model needs a primary key: a property `id`, or one marked @Column(.primaryKey) or @Column(.autoIncrement)"
            ),
            ("@Model\nstruct Room {\n    var id = 0\n}", "@Model needs the primary key's type written out (`var id: Int64`)"),
            (
                "@Model\nstruct Room {\n    @Column(.primaryKey) var a: Int\n    @Column(.autoIncrement) var b: Int\n}",
                "@Model takes one primary key; more than one property is marked as the key"
            ),
        ]
        for (source, message) in cases {
            let expanded = source.split(separator: "\n", maxSplits: 1).last.map(String.init) ?? ""
            assertMacroExpansion(
                source, expandedSource: expanded, diagnostics: [DiagnosticSpec(message: message, line: 1, column: 1)], macroSpecs: specs,
                failureHandler: { Issue.record("\($0.message)") })
        }
    }

    @Test("a check that does not fit its column's type, or contradicts itself, is refused at compile time on its mark")
    func checkRefusals() {
        let cases: [(String, String)] = [
            ("@Column(.length(max: 5)) var size: Int", "@Column(.length(max: 5)) checks text: it applies to a `String` or `String?` property"),
            ("@Column(.format(.email)) var at: Date?", "@Column(.format(.email)) checks text: it applies to a `String` or `String?` property"),
            (
                "@Column(.range(1...5)) var name: String",
                "@Column(.range(…)) checks a number: it applies to an `Int`, `Int64`, `Int32` or `Double` property"
            ),
            ("@Column(.length(min: 9, max: 3)) var name: String", "@Column(.length(min:max:)) needs 0 <= min <= max and max >= 1"),
            (
                "@Column(.allowsEmpty, .length(min: 2, max: 9)) var name: String",
                "@Column(.allowsEmpty) contradicts a least length above 0: drop one of them"
            ),
        ]
        for (property, message) in cases {
            let body = "struct Room {\n    var id: Int64\n    \(property)\n}"
            assertMacroExpansion(
                "@Model\n" + body, expandedSource: body, diagnostics: [DiagnosticSpec(message: message, line: 4, column: 5)],
                macroSpecs: specs, failureHandler: { Issue.record("\($0.message)") })
        }
    }
}
