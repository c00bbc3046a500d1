// MARK: - TemplateOutline

/// The names a template reads, where it reads them, and its partials: what the view-model
/// checks walk. Built from the tokens of an already compiled source, so it cannot fail.
struct TemplateOutline: Sendable {
    /// One name-reading or structural tag, with its byte offset in the source.
    indirect enum Node: Sendable {
        /// `{{name}}`, `{{{name}}}` or `{{&name}}`.
        case variable(VariableName, offset: Int)
        /// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
        case section(VariableName, offset: Int, inverted: Bool, body: [Node])
        /// `{{>name}}`.
        case partial(String, offset: Int)
        /// `{{<name}}…{{/name}}`: the parent, then the blocks it overrides.
        case parent(String, offset: Int, blocks: [Node])
        /// `{{$name}}…{{/name}}`: its default (or overriding) content.
        case block([Node])
    }

    /// The template's nodes.
    let nodes: [Node]
    /// Positions of offsets, for diagnostics.
    let locator: SourceLocator

    /// The outline of `source`; empty when it does not tokenize (the compiler reported that).
    init(_ source: TemplateSource) {
        locator = SourceLocator(file: source.displayPath, bytes: source.bytes)
        let tokens = (try? MustacheTokenizer(locator: locator).tokenize()) ?? []
        var index = 0
        nodes = Self.nodes(tokens, &index)
    }

    private static func nodes(_ tokens: [MustacheToken], _ index: inout Int) -> [Node] {
        var result: [Node] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .variable:
                result.append(.variable(VariableName(token.name), offset: token.range.lowerBound))
            case .section, .inverted:
                let body = nodes(tokens, &index)
                result.append(
                    .section(VariableName(token.name), offset: token.range.lowerBound, inverted: token.kind == .inverted, body: body))
            case .partial:
                result.append(.partial(token.name, offset: token.range.lowerBound))
            case .parent:
                result.append(.parent(token.name, offset: token.range.lowerBound, blocks: nodes(tokens, &index)))
            case .block:
                result.append(.block(nodes(tokens, &index)))
            case .close:
                return result
            case .text, .comment, .delimiters:
                continue
            }
        }
        return result
    }
}
