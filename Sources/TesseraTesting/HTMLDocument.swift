import CLibXML2
import Testing

// MARK: - HTMLDocument

/// A page or fragment parsed with libxml2's HTML parser, for assertions by CSS selector:
///
/// ```swift
/// let page = HTMLDocument(response.text)
/// #expect(page.select("#shelf li.book").count == 3)
/// #expect(page.first("h1")?.text == "Reading list")
/// ```
public struct HTMLDocument: Sendable {
    /// One element of the tree, by index; `parent` is nil for a root.
    struct Node: Sendable {
        var name: String
        var attributes: [String: String]
        var parent: Int?
        var text: String
        var position: Int
    }

    /// The elements in document order.
    let nodes: [Node]

    /// libxml2's global state, set up once before the first parse from any thread.
    private static let parserReady: Void = xmlInitParser()

    /// Parses `html` (a whole page or a fragment); markup libxml2 cannot read yields fewer
    /// elements, never a crash.
    public init(_ html: String) {
        var nodes: [Node] = []
        let bytes = Array(html.utf8)
        let options = Int32(
            HTML_PARSE_NONET.rawValue | HTML_PARSE_NOIMPLIED.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NOERROR.rawValue)
        guard !bytes.isEmpty else {
            self.nodes = []
            return
        }
        _ = Self.parserReady
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let document = htmlReadMemory(chars.baseAddress, Int32(chars.count), nil, "UTF-8", options) else { return }
                defer { xmlFreeDoc(document) }
                var child = document.pointee.children
                var position = 0
                while let node = child {
                    if node.pointee.type == XML_ELEMENT_NODE { position += 1 }
                    _ = Self.add(node, parent: nil, position: position, into: &nodes)
                    child = node.pointee.next
                }
            }
        }
        self.nodes = nodes
    }

    /// Adds `node` and its subtree (`position`: its 1-based place among its parent's element
    /// children); returns its text content.
    private static func add(_ node: xmlNodePtr, parent: Int?, position: Int = 1, into nodes: inout [Node]) -> String {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            return node.pointee.content.map { String(cString: $0) } ?? ""
        case XML_ELEMENT_NODE:
            let name = node.pointee.name.map { String(cString: $0) }?.lowercased() ?? ""
            var attributes: [String: String] = [:]
            var attribute = node.pointee.properties
            while let current = attribute {
                let key = current.pointee.name.map { String(cString: $0) }?.lowercased() ?? ""
                var value = ""
                var part = current.pointee.children
                while let text = part {
                    value += text.pointee.content.map { String(cString: $0) } ?? ""
                    part = text.pointee.next
                }
                attributes[key] = value
                attribute = current.pointee.next
            }
            let index = nodes.count
            nodes.append(Node(name: name, attributes: attributes, parent: parent, text: "", position: position))
            var text = ""
            var elements = 0
            var child = node.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE { elements += 1 }
                text += add(current, parent: index, position: elements, into: &nodes)
                child = current.pointee.next
            }
            nodes[index].text = text
            return text
        default:
            return ""
        }
    }

    // MARK: - Querying

    /// Every element matching the CSS `selector`, in document order.
    ///
    /// Supported: type (`li`), universal (`*`), `#id`, `.class`, attributes (`[href]`,
    /// `[rel=next]`, `[href^="/books"]`, `$=`, `*=`, `~=`), `:first-child`, `:last-child`,
    /// descendant (`nav a`) and child (`ul > li`) combinators, and groups (`h1, h2`). A selector
    /// outside this set (`:has()`, `:nth-child()`…) fails the calling test, saying what it cannot
    /// read, and matches nothing.
    public func select(_ selector: String, sourceLocation: SourceLocation = #_sourceLocation) -> [HTMLElement] {
        select(selector, among: nodes.indices, sourceLocation: sourceLocation)
    }

    /// The elements among `candidates` matching `selector` (matched against the whole document).
    func select(_ selector: String, among candidates: some Sequence<Int>, sourceLocation: SourceLocation) -> [HTMLElement] {
        let parsed: CSSSelector
        do {
            parsed = try CSSSelector.parse(selector)
        } catch {
            Issue.record("TesseraTesting cannot read the selector '\(selector)': \(error)", sourceLocation: sourceLocation)
            return []
        }
        return candidates.filter { parsed.matches($0, in: self) }.map(element(at:))
    }

    /// The elements inside element `index`, in document order.
    func descendants(of index: Int) -> [Int] {
        var inside: [Int] = []
        var next = index + 1
        while next < nodes.count, isInside(next, index) {
            inside.append(next)
            next += 1
        }
        return inside
    }

    private func isInside(_ node: Int, _ ancestor: Int) -> Bool {
        var parent = nodes[node].parent
        while let current = parent {
            if current == ancestor { return true }
            parent = nodes[current].parent
        }
        return false
    }

    /// The first element matching `selector`, or nil.
    public func first(_ selector: String, sourceLocation: SourceLocation = #_sourceLocation) -> HTMLElement? {
        select(selector, sourceLocation: sourceLocation).first
    }

    /// Every element, in document order.
    public var elements: [HTMLElement] { nodes.indices.map(element(at:)) }

    func element(at index: Int) -> HTMLElement {
        let node = nodes[index]
        return HTMLElement(name: node.name, attributes: node.attributes, rawText: node.text, document: self, index: index)
    }

    /// Whether element `index` is the last element child of its parent.
    func isLastChild(_ index: Int) -> Bool {
        let parent = nodes[index].parent
        return !nodes[(index + 1)...].contains { $0.parent == parent }
    }
}

// MARK: - HTMLElement

/// One element of an ``HTMLDocument``.
public struct HTMLElement: Sendable, Equatable, CustomStringConvertible {
    /// The tag name, lowercased.
    public let name: String
    /// The attributes, names lowercased, entities decoded.
    public let attributes: [String: String]
    /// The text content, entities decoded, exactly as in the document.
    public let rawText: String
    /// The document it is in, and its place there (for ``select(_:sourceLocation:)``).
    private let document: HTMLDocument
    private let index: Int

    init(name: String, attributes: [String: String], rawText: String, document: HTMLDocument, index: Int) {
        self.name = name
        self.attributes = attributes
        self.rawText = rawText
        self.document = document
        self.index = index
    }

    /// The elements inside this one matching the CSS `selector`, in document order (as the DOM's
    /// `element.querySelectorAll`: the selector is matched against the whole document, and only
    /// this element's descendants are returned): `row.select("button.approve")`.
    public func select(_ selector: String, sourceLocation: SourceLocation = #_sourceLocation) -> [HTMLElement] {
        document.select(selector, among: document.descendants(of: index), sourceLocation: sourceLocation)
    }

    /// The first element inside this one matching `selector`, or nil.
    public func first(_ selector: String, sourceLocation: SourceLocation = #_sourceLocation) -> HTMLElement? {
        select(selector, sourceLocation: sourceLocation).first
    }

    /// Same name, attributes and text.
    public static func == (a: HTMLElement, b: HTMLElement) -> Bool {
        a.name == b.name && a.attributes == b.attributes && a.rawText == b.rawText
    }

    /// The text content with runs of whitespace made one space and the ends trimmed.
    public var text: String {
        rawText.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The value of attribute `name`, or nil.
    public subscript(attribute name: String) -> String? { attributes[name.lowercased()] }

    /// The classes of `class`.
    public var classes: [String] { (attributes["class"] ?? "").split(whereSeparator: { $0.isWhitespace }).map(String.init) }

    /// `<name attributes…>` and the text, for failure messages.
    public var description: String {
        let attributes = attributes.keys.sorted().map { " \($0)=\"\(self.attributes[$0] ?? "")\"" }.joined()
        return "<\(name)\(attributes)> \(text)"
    }
}
