import Foundation

// MARK: - CSSSelector

/// A parsed CSS selector (the subset ``HTMLDocument/select(_:sourceLocation:)`` documents), matched against
/// an ``HTMLDocument``'s elements right to left.
public struct CSSSelector: Sendable {
    /// One simple condition on an element.
    enum Condition: Sendable {
        case type(String)
        case id(String)
        case className(String)
        case attribute(String, Operator?, String)
        case firstChild
        case lastChild
    }

    /// How an attribute's value is compared.
    enum Operator: String, Sendable {
        case equals = "=", prefix = "^=", suffix = "$=", contains = "*=", word = "~="
    }

    /// How a compound relates to the one before it.
    enum Combinator: Sendable {
        case descendant, child
    }

    /// Conditions that must all hold, with how the next compound (to the right) relates to it.
    struct Compound: Sendable {
        var conditions: [Condition] = []
        var combinator: Combinator = .descendant
    }

    /// Alternatives (`a, b`), each compounds left to right.
    let alternatives: [[Compound]]

    /// A selector that cannot be read.
    public struct ParseError: Error, CustomStringConvertible {
        /// Why.
        public let description: String
    }

    // MARK: - Parsing

    /// Parses `text`; throws ``ParseError`` for anything outside the supported subset.
    public static func parse(_ text: String) throws -> CSSSelector {
        var alternatives: [[Compound]] = []
        for group in text.split(separator: ",") {
            alternatives.append(try parseComplex(Array(group.trimmingCharacters(in: .whitespaces))))
        }
        guard !alternatives.isEmpty, alternatives.allSatisfy({ !$0.isEmpty }) else {
            throw ParseError(description: "empty selector '\(text)'")
        }
        return CSSSelector(alternatives: alternatives)
    }

    private static func parseComplex(_ chars: [Character]) throws -> [Compound] {
        var compounds: [Compound] = []
        var current = Compound()
        var index = 0
        var pending: Combinator?

        func name() -> String {
            var result = ""
            while index < chars.count, chars[index].isLetter || chars[index].isNumber || chars[index] == "-" || chars[index] == "_" {
                result.append(chars[index])
                index += 1
            }
            return result
        }
        func finishCompound() throws {
            guard !current.conditions.isEmpty else { throw ParseError(description: "a combinator with nothing before it") }
            compounds.append(current)
            current = Compound()
        }

        while index < chars.count {
            let character = chars[index]
            if character.isWhitespace || character == ">" {
                var combinator = Combinator.descendant
                while index < chars.count, chars[index].isWhitespace || chars[index] == ">" {
                    if chars[index] == ">" { combinator = .child }
                    index += 1
                }
                if !current.conditions.isEmpty {
                    try finishCompound()
                    pending = combinator
                    compounds[compounds.count - 1].combinator = combinator
                }
                continue
            }
            pending = nil
            switch character {
            case "#":
                index += 1
                current.conditions.append(.id(name()))
            case ".":
                index += 1
                current.conditions.append(.className(name()))
            case "*":
                index += 1
                current.conditions.append(.type("*"))
            case "[":
                index += 1
                let attribute = name().lowercased()
                var op: Operator?
                for candidate in [Operator.prefix, .suffix, .contains, .word, .equals] {
                    let symbol = Array(candidate.rawValue)
                    if index + symbol.count <= chars.count, Array(chars[index..<(index + symbol.count)]) == symbol {
                        op = candidate
                        index += symbol.count
                        break
                    }
                }
                var value = ""
                if op != nil {
                    if index < chars.count, chars[index] == "\"" || chars[index] == "'" {
                        let quote = chars[index]
                        index += 1
                        while index < chars.count, chars[index] != quote {
                            value.append(chars[index])
                            index += 1
                        }
                        index += 1
                    } else {
                        while index < chars.count, chars[index] != "]" {
                            value.append(chars[index])
                            index += 1
                        }
                    }
                }
                guard index < chars.count, chars[index] == "]", !attribute.isEmpty else {
                    throw ParseError(description: "an attribute selector is not closed")
                }
                index += 1
                current.conditions.append(.attribute(attribute, op, value))
            case ":":
                index += 1
                switch name() {
                case "first-child": current.conditions.append(.firstChild)
                case "last-child": current.conditions.append(.lastChild)
                case let other: throw ParseError(description: "unsupported pseudo-class ':\(other)'")
                }
            default:
                let tag = name()
                guard !tag.isEmpty else { throw ParseError(description: "unexpected '\(character)'") }
                current.conditions.append(.type(tag.lowercased()))
            }
        }
        guard pending == nil || !current.conditions.isEmpty else { throw ParseError(description: "a selector ends in a combinator") }
        if !current.conditions.isEmpty { compounds.append(current) }
        return compounds
    }

    // MARK: - Matching

    /// Whether element `index` of `document` matches.
    func matches(_ index: Int, in document: HTMLDocument) -> Bool {
        alternatives.contains { compounds in Self.match(compounds, compounds.count - 1, index, document) }
    }

    private static func match(_ compounds: [Compound], _ position: Int, _ index: Int, _ document: HTMLDocument) -> Bool {
        guard holds(compounds[position], index, document) else { return false }
        guard position > 0 else { return true }
        let previous = compounds[position - 1]
        var ancestor = document.nodes[index].parent
        while let candidate = ancestor {
            if match(compounds, position - 1, candidate, document) { return true }
            if previous.combinator == .child { return false }
            ancestor = document.nodes[candidate].parent
        }
        return false
    }

    private static func holds(_ compound: Compound, _ index: Int, _ document: HTMLDocument) -> Bool {
        let node = document.nodes[index]
        return compound.conditions.allSatisfy { condition in
            switch condition {
            case .type(let name): return name == "*" || node.name == name
            case .id(let id): return node.attributes["id"] == id
            case .className(let name):
                return (node.attributes["class"] ?? "").split(whereSeparator: { $0.isWhitespace }).contains { $0 == name }
            case .attribute(let name, let op, let value):
                guard let actual = node.attributes[name] else { return false }
                switch op {
                case nil: return true
                case .equals: return actual == value
                case .prefix: return !value.isEmpty && actual.hasPrefix(value)
                case .suffix: return !value.isEmpty && actual.hasSuffix(value)
                case .contains: return !value.isEmpty && actual.contains(value)
                case .word: return actual.split(whereSeparator: { $0.isWhitespace }).contains { $0 == value }
                }
            case .firstChild: return node.position == 1
            case .lastChild: return document.isLastChild(index)
            }
        }
    }
}
