// MARK: - TemplateNode

/// One instruction of a compiled render program.
///
/// Not `indirect`: nested programs are arrays, which already live out of line, so walking the
/// program copies no boxes.
package enum TemplateNode: Sendable {
    /// Literal bytes, written as they are.
    case text(TextBytes)
    /// A value looked up by name and written with the escaping its context needs.
    case variable(VariableName, OutputContext)
    /// A section (or inverted section) over the value of a name.
    case section(VariableName, [TemplateNode], inverted: Bool)
    /// Another template of the library, by key (name plus any indentation variant).
    case partial(key: String)
    /// A parent template rendered with these block overrides.
    case parent(key: String, overrides: [String: [TemplateNode]])
    /// A block: overridden by a child template, or rendered with its default content. An
    /// override is indented by `indentation` at each line start (a standalone block's place).
    case block(String, [TemplateNode], indentation: [UInt8])
}

// MARK: - VariableName

/// A dotted name (`user.name`) or the implicit iterator (`.`), split once at compile time.
///
/// A plain name holds no array (`rest` is nil), so reading a `.variable` node while rendering
/// retains nothing but its (usually small, inline) first part.
@usableFromInline
package struct VariableName: Sendable, CustomStringConvertible {
    /// The first part (searched through the context stack); nil for the implicit iterator.
    package let first: String?
    /// The parts after the first, for a dotted name; nil otherwise.
    package let rest: [String]?

    init(_ raw: String) {
        let parts = raw == "." ? [] : raw.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        first = parts.first
        rest = parts.count > 1 ? Array(parts.dropFirst()) : nil
    }

    /// The parts between dots; empty for the implicit iterator.
    var parts: [String] { (first.map { [$0] } ?? []) + (rest ?? []) }

    @usableFromInline package var description: String { parts.isEmpty ? "." : parts.joined(separator: ".") }
}

// MARK: - OutputContext

/// Where an interpolation stands in the HTML, which decides its escaping.
@usableFromInline
package enum OutputContext: Sendable, Equatable {
    /// Element text: escape `& < > " '`; Tessera-rendered markup goes out as is.
    case text
    /// A quoted attribute value: escape `& < > " '`, markup included.
    case attribute
    /// A URL attribute at the scheme position: check the scheme, then escape.
    case url
    /// `{{{…}}}` / `{{&…}}` in text: Tessera-rendered markup goes out as is; strings are still
    /// escaped unless the library was built for the Mustache spec tests.
    case raw
    /// Any value of a plain-text template (``TemplateSource/isPlainText``, a mail's text part):
    /// written as it is, since no browser reads it as markup.
    case plain
}

// MARK: - Indentation

extension [TemplateNode] {
    /// The nodes with `indentation` added at the start of every line.
    func indentingLines(by indentation: [UInt8]) -> [TemplateNode] {
        var atLineStart = true
        return indentingLines(by: indentation, atLineStart: &atLineStart)
    }

    private func indentingLines(by indentation: [UInt8], atLineStart: inout Bool) -> [TemplateNode] {
        var result: [TemplateNode] = []
        for node in self {
            switch node {
            case .text(let text):
                var indented: [UInt8] = []
                for byte in text.buffer {
                    if atLineStart && byte != UInt8(ascii: "\n") { indented += indentation }
                    indented.append(byte)
                    atLineStart = byte == UInt8(ascii: "\n")
                }
                result.append(.text(TextBytes(indented)))
            case .section(let name, let body, let inverted):
                if atLineStart { result.append(.text(TextBytes(indentation))) }
                atLineStart = false
                result.append(.section(name, body.indentingLines(by: indentation, atLineStart: &atLineStart), inverted: inverted))
            default:
                if atLineStart { result.append(.text(TextBytes(indentation))) }
                atLineStart = false
                result.append(node)
            }
        }
        return result
    }

    /// The nodes with up to `count` spaces or tabs removed from the start of every line.
    func dedentingLines(by count: Int) -> [TemplateNode] {
        guard count > 0 else { return self }
        var atLineStart = true
        var removed = 0
        return map { node in
            guard case .text(let text) = node else {
                atLineStart = false
                return node
            }
            var kept: [UInt8] = []
            for byte in text.buffer {
                if atLineStart, removed < count, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                    removed += 1
                    continue
                }
                kept.append(byte)
                atLineStart = byte == UInt8(ascii: "\n")
                if atLineStart { removed = 0 }
            }
            return .text(TextBytes(kept))
        }
    }

    /// The spaces and tabs that start the first text of these nodes.
    var leadingIndentation: [UInt8] {
        guard case .text(let text)? = first else { return [] }
        return [UInt8](text.buffer.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
    }
}

// MARK: - TextBytes

/// A template's literal text, copied once into memory that is never freed.
///
/// Compiled templates live as long as the process (a dev-mode reload keeps the old text, a few
/// kilobytes), so writing static text needs no reference counting: the hottest instruction of
/// every render is a plain memory copy.
package struct TextBytes: @unchecked Sendable {
    /// The bytes.
    let buffer: UnsafeBufferPointer<UInt8>

    /// Copies `bytes` into immortal storage.
    init(_ bytes: [UInt8]) {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        buffer = UnsafeBufferPointer(rebasing: storage[0..<bytes.count])
    }
}
