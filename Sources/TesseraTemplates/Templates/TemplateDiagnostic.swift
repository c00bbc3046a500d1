// MARK: - TemplateDiagnostic

/// One problem found in a template, located by file, line and column.
///
/// Its description is what `tessera validate` prints and what `serve` refuses to start with:
/// `Views/relative/path.mustache:LINE:COL: message`.
public struct TemplateDiagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as shown to people, e.g. `Views/Users/BlogList.mustache`.
    package let file: String
    /// 1-based line.
    package let line: Int
    /// 1-based column, counted in Unicode scalars.
    package let column: Int
    /// What is wrong, in a sentence.
    package let message: String

    /// Creates a diagnostic.
    package init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:col: message`; the message alone for a problem in no file (an empty ``file``).
    public var description: String { file.isEmpty ? message : "\(file):\(line):\(column): \(message)" }
}

// MARK: - TemplateErrors

/// Every diagnostic of a template set; thrown when any template is invalid.
public struct TemplateErrors: Error, Sendable, CustomStringConvertible {
    /// The diagnostics, in file order then position order.
    package let diagnostics: [TemplateDiagnostic]
    /// The library, when every template compiled and only a check failed (so the app's types
    /// can still be checked against it, and every problem reported at once); nil otherwise.
    package let compiled: TemplateLibrary?

    /// Errors of `diagnostics`; `compiled` is the whole library when every template compiled.
    package init(diagnostics: [TemplateDiagnostic], compiled: TemplateLibrary? = nil) {
        self.diagnostics = diagnostics
        self.compiled = compiled
    }

    /// One diagnostic a line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

// MARK: - SourceLocator

/// Turns byte offsets of one source into diagnostics with line and column.
public struct SourceLocator: Sendable {
    /// The file name shown in diagnostics.
    let file: String
    /// The source bytes.
    let bytes: [UInt8]

    /// A locator for `bytes`, read from `file`.
    package init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    /// A diagnostic at byte `offset`.
    package func diagnostic(at offset: Int, _ message: String) -> TemplateDiagnostic {
        let (line, column) = position(of: offset)
        return TemplateDiagnostic(file: file, line: line, column: column, message: message)
    }

    /// The 1-based line and column (in Unicode scalars) of byte `offset`.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1  // count the first byte of each scalar only
            }
            index += 1
        }
        return (line, column)
    }
}
