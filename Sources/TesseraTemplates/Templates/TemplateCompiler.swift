// MARK: - TemplateCompiler

/// Builds the render program of one template from its tokens.
///
/// Sections must close in order; a parent (`{{<layout}}`) keeps only the blocks it overrides.
/// Each interpolation gets the output context the HTML scanner found for it (element text when
/// the template is not HTML-checked, as in the Mustache spec tests; ``OutputContext/plain`` in a
/// plain-text template).
struct TemplateCompiler {
    /// A reference to another template (partial or parent), kept to link and locate it.
    struct Reference: Sendable {
        let name: String
        let indentation: [UInt8]
        let offset: Int
        /// The key the node uses: the name, plus the indentation variant if any.
        var key: String { TemplateCompiler.key(name, indentation) }
    }

    let locator: SourceLocator
    let tokens: [MustacheToken]
    let contexts: [Int: OutputContext]
    /// Whether every value is written as it is (a plain-text template).
    let isPlainText: Bool
    private(set) var references: [Reference] = []
    private var index = 0

    init(locator: SourceLocator, tokens: [MustacheToken], contexts: [Int: OutputContext], isPlainText: Bool = false) {
        self.locator = locator
        self.tokens = tokens
        self.contexts = contexts
        self.isPlainText = isPlainText
    }

    /// The key of `name` rendered with `indentation` before each of its lines.
    static func key(_ name: String, _ indentation: [UInt8]) -> String {
        indentation.isEmpty ? name : name + "\u{1F}" + String(decoding: indentation, as: UTF8.self)
    }

    // MARK: - Compiling

    /// The program of the whole template.
    mutating func compile() throws(TemplateDiagnostic) -> [TemplateNode] {
        index = 0
        return try nodes(closing: nil)
    }

    /// Nodes up to the `{{/name}}` that closes `opener` (or the end when `opener` is nil).
    private mutating func nodes(closing opener: MustacheToken?) throws(TemplateDiagnostic) -> [TemplateNode] {
        var result: [TemplateNode] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .text:
                result.append(.text(TextBytes(token.content)))
            case .variable(let escaped):
                result.append(.variable(VariableName(token.name), context(of: token, escaped: escaped)))
            case .section, .inverted:
                let body = try nodes(closing: token)
                result.append(.section(VariableName(token.name), body, inverted: token.kind == .inverted))
            case .close:
                try checkClose(token, opener: opener)
                return result
            case .comment, .delimiters:
                continue
            case .partial:
                let reference = Reference(name: token.name, indentation: token.indentation, offset: token.range.lowerBound)
                references.append(reference)
                result.append(.partial(key: reference.key))
            case .parent:
                let reference = Reference(name: token.name, indentation: token.indentation, offset: token.range.lowerBound)
                references.append(reference)
                result.append(.parent(key: reference.key, overrides: try overrides(closing: token)))
            case .block:
                let body = try nodes(closing: token)
                // A standalone block with no whitespace before it takes its default's indentation.
                let indentation = token.isStandalone && token.indentation.isEmpty ? body.leadingIndentation : token.indentation
                result.append(.block(token.name, body, indentation: indentation))
            }
        }
        if let opener {
            throw locator.diagnostic(at: opener.range.lowerBound, "section '\(opener.name)' is never closed")
        }
        return result
    }

    /// The blocks a parent tag overrides; anything else inside it is ignored, as the spec says.
    private mutating func overrides(closing parent: MustacheToken) throws(TemplateDiagnostic) -> [String: [TemplateNode]] {
        var blocks: [String: [TemplateNode]] = [:]
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .block:
                let body = try nodes(closing: token)
                // An override's own indentation is removed where it is defined.
                blocks[token.name] = token.isStandalone ? body.dedentingLines(by: body.leadingIndentation.count) : body
            case .close:
                try checkClose(token, opener: parent)
                return blocks
            case .section, .inverted, .parent:
                _ = try nodes(closing: token)  // parsed for balance, then dropped
            default:
                continue
            }
        }
        throw locator.diagnostic(at: parent.range.lowerBound, "parent '\(parent.name)' is never closed")
    }

    private func checkClose(_ token: MustacheToken, opener: MustacheToken?) throws(TemplateDiagnostic) {
        guard let opener else {
            throw locator.diagnostic(at: token.range.lowerBound, "'{{/\(token.name)}}' closes a section that was never opened")
        }
        guard opener.name == token.name else {
            let (line, column) = locator.position(of: opener.range.lowerBound)
            throw locator.diagnostic(
                at: token.range.lowerBound,
                "'{{/\(token.name)}}' does not close '\(opener.name)' opened at \(line):\(column)")
        }
    }

    private func context(of token: MustacheToken, escaped: Bool) -> OutputContext {
        if isPlainText { return .plain }
        let found = contexts[token.range.lowerBound] ?? .text
        return (!escaped && found == .text) ? .raw : found
    }
}
