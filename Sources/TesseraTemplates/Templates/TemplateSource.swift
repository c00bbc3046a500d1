// MARK: - TemplateSource

/// The text of one template before it is compiled.
public struct TemplateSource: Sendable {
    /// The template's name (`Users/BlogList`).
    package let name: String
    /// The name used in diagnostics (`Views/Users/BlogList.mustache`).
    package let displayPath: String
    /// The source bytes.
    package let bytes: [UInt8]

    /// Whether it is plain text, not HTML: a name ending in `.text` (`Mail/Welcome.text`, from
    /// `Views/Mail/Welcome.text.mustache`). It is not checked as HTML, and its values are written
    /// as they are, unescaped: no browser reads it.
    package var isPlainText: Bool { name.hasSuffix(".text") }

    /// A source; `displayPath` defaults to the name.
    package init(name: String, text: String, displayPath: String? = nil) {
        self.name = name
        self.displayPath = displayPath ?? name
        self.bytes = Array(text.utf8)
    }

    /// A copy with `indentation` put before each line (for a standalone partial or parent), but
    /// the lines inside `<textarea>` and `<pre>`, whose text is the page's as written.
    func indented(by indentation: [UInt8]) -> TemplateSource {
        var result: [UInt8] = indentation
        var keepsText = false  // inside <textarea> or <pre>, whose lines are text as written
        for (index, byte) in bytes.enumerated() {
            result.append(byte)
            if byte == UInt8(ascii: "<") { keepsText = Self.keepsText(after: index, in: bytes) ?? keepsText }
            if byte == UInt8(ascii: "\n"), index + 1 < bytes.count, !keepsText { result.append(contentsOf: indentation) }
        }
        return TemplateSource(
            name: TemplateCompiler.key(name, indentation), text: String(decoding: result, as: UTF8.self),
            displayPath: displayPath)
    }

    /// Whether the tag starting at `index` opens (true) or closes (false) an element whose text is
    /// kept exactly, `<textarea>` or `<pre>`; nil for any other tag.
    private static func keepsText(after index: Int, in bytes: [UInt8]) -> Bool? {
        var position = index + 1
        let closing = position < bytes.count && bytes[position] == UInt8(ascii: "/")
        if closing { position += 1 }
        for name in ["textarea", "pre"] {
            let end = position + name.utf8.count
            guard end < bytes.count else { continue }
            let matches = zip(bytes[position..<end], name.utf8).allSatisfy { $0 | 0x20 == $1 }
            let next = bytes[end]
            if matches, next == UInt8(ascii: ">") || next == UInt8(ascii: " ") || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\t") {
                return !closing
            }
        }
        return nil
    }

    /// The source with every tag overwritten by same-length filler: `x` for interpolations,
    /// spaces for other tags; newlines are kept so lines and columns do not move.
    func masked(by tokens: [MustacheToken]) -> [UInt8] {
        var masked = bytes
        for token in tokens where token.kind != .text {
            let filler: UInt8 = token.isInterpolation ? UInt8(ascii: "x") : UInt8(ascii: " ")
            let tagEnd = min(token.range.upperBound, bytes.count)
            for index in token.range.lowerBound..<tagEnd where !isLineBreak(bytes[index]) {
                masked[index] = filler
            }
        }
        return masked
    }

    private func isLineBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
}
