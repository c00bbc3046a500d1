// MARK: - HTMLValidator

/// Checks rendered HTML the way templates are checked: element balance, then libxml2.
///
/// For snapshot tests: every page and fragment an app renders should pass.
public enum HTMLValidator {
    /// The problems in `html`, located as `file:line:col`; empty when it is well formed.
    public static func problems(in html: String, file: String = "rendered.html") -> [TemplateDiagnostic] {
        let bytes = Array(html.utf8)
        let locator = SourceLocator(file: file, bytes: bytes)
        let structural = HTMLContextScanner(masked: bytes, locator: locator, tokens: []).scan().diagnostics
        let lines = Set(structural.map(\.line))
        let libxml = LibXMLValidator.diagnostics(masked: bytes, file: file).filter {
            !(lines.contains($0.line) && ($0.message.hasPrefix("Unexpected end tag") || $0.message.hasPrefix("Opening and ending tag mismatch")))
        }
        return structural + libxml
    }
}
