// MARK: - HTMLContextScanner

/// Reads a masked template as HTML to find where each interpolation stands and whether the
/// elements balance.
///
/// The source is *masked* first: every Mustache tag is overwritten by filler of the same length
/// (`x` for interpolations, spaces for the rest, newlines kept), so offsets, lines and columns
/// stay those of the file. The scanner follows the HTML tokenizer's states closely enough to tell
/// element text, quoted attribute values (and which attribute), unquoted values, names, comments,
/// and raw-text elements (`script`, `style`) apart.
struct HTMLContextScanner {
    /// What the scan found.
    struct Result {
        /// Output context per interpolation tag (by its start offset).
        var contexts: [Int: OutputContext] = [:]
        /// Refused placements and structural errors.
        var diagnostics: [TemplateDiagnostic] = []
    }

    // MARK: - Configuration

    /// Elements with no end tag.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]
    /// Elements whose end tag may be left out; they close implicitly and are never "unclosed".
    static let optionalEndElements: Set<String> = [
        "html", "head", "body", "p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody", "tfoot", "option",
        "optgroup", "colgroup", "caption", "rb", "rt", "rp", "rtc",
    ]
    /// The only elements HTML lets stand directly inside these (``scan()`` reports any other
    /// start tag there: a browser would move it out, so an empty state's `<p>` inside a `<ul>`
    /// would show outside the list).
    static let allowedChildren: [String: Set<String>] = {
        let scripting: Set<String> = ["script", "template"]
        let children: [String: Set<String>] = [
            "ul": ["li"], "ol": ["li"], "menu": ["li"], "dl": ["dt", "dd", "div"],
            "table": ["caption", "colgroup", "thead", "tbody", "tfoot", "tr", "style"], "thead": ["tr"], "tbody": ["tr"],
            "tfoot": ["tr"], "tr": ["td", "th"], "colgroup": ["col"], "select": ["option", "optgroup", "hr"],
            "optgroup": ["option"],
        ]
        return children.mapValues { $0.union(scripting) }
    }()
    /// Attributes whose value is a URL.
    static let urlAttributes: Set<String> = [
        "href", "src", "action", "formaction", "poster", "cite", "background", "longdesc", "usemap", "data",
        "manifest", "icon", "codebase", "srcset", "ping", "xlink:href",
    ]

    // MARK: - State

    private enum State {
        case data, tagOpen, endTagName, tagName, beforeAttributeName, attributeName, afterAttributeName
        case beforeAttributeValue, quotedValue(UInt8), unquotedValue, selfClosing
        case comment, declaration, rawText(String)
    }

    let masked: [UInt8]
    let locator: SourceLocator
    let interpolations: [Int]
    let tagRanges: [Range<Int>]

    /// - Parameters:
    ///   - masked: the masked source (same length as the original).
    ///   - locator: the original source, for diagnostics and static prefixes.
    ///   - tokens: the template's tokens (to know where tags and interpolations are).
    init(masked: [UInt8], locator: SourceLocator, tokens: [MustacheToken]) {
        self.masked = masked
        self.locator = locator
        self.interpolations = tokens.filter(\.isInterpolation).map(\.range.lowerBound)
        self.tagRanges = tokens.filter { $0.kind != .text }.map(\.range)
    }

    // MARK: - Scanning

    /// Scans the whole source.
    func scan() -> Result {
        var result = Result()
        var state = State.data
        var open: [(name: String, offset: Int)] = []
        var nextInterpolation = 0
        var tagStart = 0
        var tagName: [UInt8] = []
        var isEndTag = false
        var attributeName: [UInt8] = []
        var valueStart = 0
        var index = 0

        func refuse(_ offset: Int, _ place: String) {
            result.diagnostics.append(locator.diagnostic(at: offset, "a value cannot stand \(place)"))
        }

        // MARK: Element balance

        func finishTag(selfClosing: Bool) {
            let name = String(decoding: tagName, as: UTF8.self)
            state = .data
            if !isEndTag, let parent = open.last?.name, let allowed = Self.allowedChildren[parent], !allowed.contains(name) {
                let list = allowed.sorted().map { "<\($0)>" }.joined(separator: ", ")
                result.diagnostics.append(
                    locator.diagnostic(at: tagStart, "<\(name)> cannot stand inside <\(parent)>, which holds only \(list)"))
            }
            if isEndTag {
                closeElement(name)
            } else if !selfClosing && !Self.voidElements.contains(name) {
                open.append((name, tagStart))
                if ["script", "style", "textarea", "title"].contains(name) { state = .rawText(name) }
            }
        }

        func closeElement(_ name: String) {
            guard let match = open.lastIndex(where: { $0.name == name }) else {
                result.diagnostics.append(locator.diagnostic(at: tagStart, "</\(name)> closes an element that is not open"))
                return
            }
            for element in open[(match + 1)...].reversed() where !Self.optionalEndElements.contains(element.name) {
                let (line, column) = locator.position(of: element.offset)
                result.diagnostics.append(
                    locator.diagnostic(at: tagStart, "</\(name)> does not match <\(element.name)> opened at \(line):\(column)"))
                break
            }
            open.removeSubrange(match...)
        }

        while index < masked.count {
            // Classify an interpolation that starts here, in the state the scan is in.
            if nextInterpolation < interpolations.count, interpolations[nextInterpolation] == index {
                let offset = index
                nextInterpolation += 1
                switch state {
                case .data: result.contexts[offset] = .text
                case .comment: result.contexts[offset] = .text
                case .quotedValue:
                    let name = String(decoding: attributeName, as: UTF8.self).lowercased()
                    if let refusal = Self.refusal(forAttribute: name) {
                        refuse(offset, refusal)
                    } else if Self.urlAttributes.contains(name) {
                        result.contexts[offset] = isSchemePosition(valueStart: valueStart, offset: offset) ? .url : .attribute
                    } else {
                        result.contexts[offset] = .attribute
                    }
                case .beforeAttributeValue, .unquotedValue:
                    refuse(offset, "in an unquoted attribute value; put the value in quotes")
                case .tagOpen, .tagName, .endTagName, .beforeAttributeName, .attributeName, .afterAttributeName,
                    .selfClosing:
                    refuse(offset, "in an element or attribute name")
                case .rawText(let element) where element == "script" || element == "style":
                    refuse(offset, "inside <\(element)>; pass data through a data- attribute instead")
                case .rawText:
                    result.contexts[offset] = .text
                case .declaration:
                    refuse(offset, "inside a markup declaration")
                }
            }

            let byte = masked[index]
            switch state {
            case .data:
                if byte == UInt8(ascii: "<") {
                    if startsWith("<!--", at: index) {
                        state = .comment
                        index += 4
                        continue
                    }
                    tagStart = index
                    state = .tagOpen
                }
            case .tagOpen:
                tagName = []
                isEndTag = false
                if byte == UInt8(ascii: "/") {
                    isEndTag = true
                    state = .endTagName
                } else if byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") {
                    state = .declaration
                } else if isLetter(byte) {
                    tagName = [lower(byte)]
                    state = .tagName
                } else {
                    state = .data
                    continue  // '<' was text; look at this byte again as text
                }
            case .endTagName, .tagName:
                if isSpace(byte) {
                    state = .beforeAttributeName
                } else if byte == UInt8(ascii: "/") && !isEndTag {
                    state = .selfClosing
                } else if byte == UInt8(ascii: ">") {
                    finishTag(selfClosing: false)
                } else {
                    tagName.append(lower(byte))
                }
            case .beforeAttributeName, .afterAttributeName:
                if case .afterAttributeName = state, byte == UInt8(ascii: "=") {
                    state = .beforeAttributeValue
                } else if byte == UInt8(ascii: ">") {
                    finishTag(selfClosing: false)
                } else if byte == UInt8(ascii: "/") {
                    state = .selfClosing
                } else if !isSpace(byte) {
                    attributeName = [lower(byte)]
                    state = .attributeName
                }
            case .attributeName:
                if isSpace(byte) {
                    state = .afterAttributeName
                } else if byte == UInt8(ascii: "=") {
                    state = .beforeAttributeValue
                } else if byte == UInt8(ascii: ">") {
                    finishTag(selfClosing: false)
                } else if byte == UInt8(ascii: "/") {
                    state = .selfClosing
                } else {
                    attributeName.append(lower(byte))
                }
            case .beforeAttributeValue:
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    valueStart = index + 1
                    state = .quotedValue(byte)
                } else if byte == UInt8(ascii: ">") {
                    finishTag(selfClosing: false)
                } else if !isSpace(byte) {
                    state = .unquotedValue
                }
            case .quotedValue(let quote):
                if byte == quote { state = .beforeAttributeName }
            case .unquotedValue:
                if isSpace(byte) {
                    state = .beforeAttributeName
                } else if byte == UInt8(ascii: ">") {
                    finishTag(selfClosing: false)
                }
            case .selfClosing:
                if byte == UInt8(ascii: ">") {
                    finishTag(selfClosing: true)
                } else if !isSpace(byte) {
                    attributeName = [lower(byte)]
                    state = .attributeName
                }
            case .comment:
                if startsWith("-->", at: index) {
                    state = .data
                    index += 3
                    continue
                }
            case .declaration:
                if byte == UInt8(ascii: ">") { state = .data }
            case .rawText(let element):
                if byte == UInt8(ascii: "<"), startsWith("</" + element, at: index, caseInsensitive: true) {
                    tagStart = index
                    tagName = Array(element.utf8)
                    isEndTag = true
                    index += 2 + element.utf8.count
                    state = .endTagName
                    continue
                }
            }
            index += 1
        }

        // Anything left open that needs an end tag is an error where it was opened.
        for element in open where !Self.optionalEndElements.contains(element.name) {
            result.diagnostics.append(locator.diagnostic(at: element.offset, "<\(element.name)> is never closed"))
        }
        return result
    }
}
