// MARK: - MustacheTokenizer

/// Splits a Mustache source into text and tags, applying the spec's standalone-line rules.
///
/// A section, inverted, close, comment, partial, parent, block or set-delimiter tag alone on its
/// line (only spaces and tabs around it) takes that whole line with it, so templates can be laid
/// out on lines without leaving blank lines in the output.
struct MustacheTokenizer {
    let locator: SourceLocator
    private var bytes: [UInt8] { locator.bytes }

    init(locator: SourceLocator) { self.locator = locator }

    // MARK: - Tokenizing

    /// The tokens of the source, or the first syntax error.
    func tokenize() throws(TemplateDiagnostic) -> [MustacheToken] {
        var tokens: [MustacheToken] = []
        var open: [UInt8] = Array("{{".utf8)
        var close: [UInt8] = Array("}}".utf8)
        var position = 0

        while position < bytes.count {
            guard let tagStart = find(open, from: position) else {
                tokens.append(text(position..<bytes.count))
                break
            }
            let (kind, content, tagEnd) = try readTag(at: tagStart, open: open, close: close)
            if position < tagStart { tokens.append(text(position..<tagStart)) }
            if kind == .delimiters {
                (open, close) = try parseDelimiters(content, at: tagStart)
            }
            tokens.append(MustacheToken(kind: kind, content: content, range: tagStart..<tagEnd, indentation: []))
            position = tagEnd
        }
        return removingStandaloneLines(splittingLines(tokens))
    }

    // MARK: - Tags

    /// Reads the tag starting at `start`: its kind, trimmed content, and the offset after it.
    private func readTag(at start: Int, open: [UInt8], close: [UInt8]) throws(TemplateDiagnostic)
        -> (MustacheToken.Kind, [UInt8], Int)
    {
        var index = start + open.count
        let sigil = index < bytes.count ? bytes[index] : 0
        var kind = MustacheToken.Kind.variable(escaped: true)
        var closing = close
        switch sigil {
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .inverted
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "&"): kind = .variable(escaped: false)
        case UInt8(ascii: "="):
            kind = .delimiters
            closing = [UInt8(ascii: "=")] + close
        case UInt8(ascii: "{"):
            kind = .variable(escaped: false)
            closing = [UInt8(ascii: "}")] + close
        default: break
        }
        if kind != .variable(escaped: true) { index += 1 }
        guard let end = find(closing, from: index) else {
            throw locator.diagnostic(at: start, "tag is never closed: expected '\(String(decoding: closing, as: UTF8.self))'")
        }
        let content = kind == .comment ? [] : trim(bytes[index..<end])
        if kind != .comment, kind != .delimiters, content.contains(where: Self.isSpace) {
            throw locator.diagnostic(at: start, "tag name '\(String(decoding: content, as: UTF8.self))' contains a space")
        }
        if kind != .comment, content.isEmpty {
            throw locator.diagnostic(at: start, "tag has no name")
        }
        return (kind, content, end + closing.count)
    }

    /// The new open and close delimiters of a `{{=<% %>=}}` tag.
    private func parseDelimiters(_ content: [UInt8], at offset: Int) throws(TemplateDiagnostic) -> ([UInt8], [UInt8]) {
        let parts = content.split(whereSeparator: Self.isSpace)
        guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
            throw locator.diagnostic(at: offset, "set-delimiter tag needs two delimiters without '='")
        }
        return (Array(parts[0]), Array(parts[1]))
    }

    // MARK: - Standalone lines

    /// Text tokens split so that each ends at a line break (or at the end).
    private func splittingLines(_ tokens: [MustacheToken]) -> [MustacheToken] {
        var result: [MustacheToken] = []
        for token in tokens {
            guard token.kind == .text else {
                result.append(token)
                continue
            }
            var start = token.range.lowerBound
            for index in token.range where bytes[index] == UInt8(ascii: "\n") {
                result.append(text(start..<(index + 1)))
                start = index + 1
            }
            if start < token.range.upperBound { result.append(text(start..<token.range.upperBound)) }
        }
        return result
    }

    /// Drops the whitespace and line break of every line that holds only non-output tags
    /// (sections, closes, comments, partials, delimiters, parents, blocks) and whitespace.
    /// Partials and parents on such a line keep the line's leading whitespace as indentation.
    private func removingStandaloneLines(_ tokens: [MustacheToken]) -> [MustacheToken] {
        var result: [MustacheToken] = []
        var line: [MustacheToken] = []

        func flush() {
            let tags = line.filter { $0.kind != .text }
            let isStandalone =
                !tags.isEmpty && !tags.contains(where: \.isInterpolation)
                && line.allSatisfy { $0.kind != .text || $0.content.allSatisfy(Self.isSpace) }
            guard isStandalone else {
                result += line
                line = []
                return
            }
            let indentation = line.first.flatMap { $0.kind == .text ? $0.content : nil } ?? []
            for tag in tags {
                let indented = tag.kind == .partial || tag.kind == .parent || tag.kind == .block
                var token = MustacheToken(
                    kind: tag.kind, content: tag.content, range: tag.range, indentation: indented ? indentation : [])
                token.isStandalone = true
                result.append(token)
            }
            // A block opened and closed on one line stands for that line: its line break stays.
            if let block = tags.first(where: { $0.kind == .block }),
                tags.contains(where: { $0.kind == .close && $0.content == block.content }),
                let last = line.last, last.kind == .text, last.content.last == UInt8(ascii: "\n")
            {
                let breakLength = last.content.count >= 2 && last.content[last.content.count - 2] == UInt8(ascii: "\r") ? 2 : 1
                result.append(text((last.range.upperBound - breakLength)..<last.range.upperBound))
            }
            line = []
        }

        for token in tokens {
            line.append(token)
            if token.kind == .text, token.content.last == UInt8(ascii: "\n") { flush() }
        }
        flush()
        return result
    }

    // MARK: - Helpers

    private func text(_ range: Range<Int>) -> MustacheToken {
        MustacheToken(kind: .text, content: Array(bytes[range]), range: range, indentation: [])
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = true
                for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    private func trim(_ slice: ArraySlice<UInt8>) -> [UInt8] {
        var slice = slice
        while let first = slice.first, Self.isSpace(first) { slice.removeFirst() }
        while let last = slice.last, Self.isSpace(last) { slice.removeLast() }
        return Array(slice)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
