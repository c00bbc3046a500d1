// MARK: - MustacheToken

/// One piece of a template source: literal text or a tag, with its byte offsets.
struct MustacheToken: Sendable {
    /// What kind of piece this is.
    enum Kind: Sendable, Equatable {
        case text
        case variable(escaped: Bool)
        case section
        case inverted
        case close
        case comment
        case partial
        case delimiters
        case parent
        case block
    }

    /// The kind of token.
    let kind: Kind
    /// For text: the bytes to output. For a tag: its trimmed name (or delimiter spec).
    let content: [UInt8]
    /// The tag's (or text's) byte range in the source.
    let range: Range<Int>
    /// For a standalone partial, parent or block: the whitespace that stood before it on its line.
    let indentation: [UInt8]
    /// Whether the tag stood on a line of its own (only non-output tags and whitespace).
    var isStandalone = false

    /// The tag's name as a string.
    var name: String { String(decoding: content, as: UTF8.self) }

    /// Whether this token is a tag that outputs a value (escaped or not).
    var isInterpolation: Bool {
        if case .variable = kind { return true }
        return false
    }
}
