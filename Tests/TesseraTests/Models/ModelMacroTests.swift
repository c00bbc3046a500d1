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
}
