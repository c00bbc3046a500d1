import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

// MARK: - TemplateModelMacro

/// `@TemplateModel`: makes a type a `TemplateModel` whose keys are its properties, each named
/// once.
///
/// Every instance property the type declares in its body, stored or computed, becomes a key of
/// the same name, in order, unless it is `private` or `fileprivate` (kept for Swift only) or
/// marked `@TemplateIgnored`. A property whose type is written `any HTMLFragment` is markup
/// (written in place, not checked inside); one marked `@TemplateIncluded` (a model itself) offers
/// its keys as this model's own. The macro writes `templateKeys` (what start-up checks templates
/// against) and a `value(forKey:)` that answers with a `switch`, then asks included models.
public struct TemplateModelMacro: MemberMacro, ExtensionMacro {
    // MARK: - Members

    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let typeName = Self.typeName(of: declaration) else {
            context.diagnose(Diagnostic(node: node, message: TemplateModelMessage.notAType))
            return []
        }
        let keys = Self.keys(in: declaration)
        let access = DeclarationAccess.prefix(of: declaration)
        let keyType = "TemplateKey<\(typeName)>"
        var lines: [String] = []
        var answers: [(name: String, value: String)] = []
        var included: [String] = []
        for key in keys {
            switch key.kind {
            case .value:
                lines.append("keys.append(TemplateKey(\(literal(key.name))) { $0.\(key.name) })")
                answers.append((key.name, "self.\(key.name).templateValue"))
            case .markup:
                lines.append("keys.append(TemplateKey.markup(\(literal(key.name))) { $0.\(key.name) })")
                answers.append((key.name, ".fragment(self.\(key.name))"))
            case .included:
                lines.append("keys += TemplateKey.including { $0.\(key.name) }")
                included.append("if let value = self.\(key.name).value(forKey: key) { return value }")
            }
        }
        let tableText = (["var keys: [\(keyType)] = []", "keys.reserveCapacity(\(keys.count))"] + lines + ["return keys"])
            .joined(separator: "\n")
        let fallback = (included + ["return nil"]).joined(separator: "\n")
        let switchText = Self.dispatch(answers)
        return [
            """
            /// The keys templates may read: the type's properties, as `@TemplateModel` found them.
            \(raw: access)static let templateKeys: [\(raw: keyType)] = {
                \(raw: tableText)
            }()
            """,
            """
            /// The value of the key `key` (a property of the same name), or nil.
            \(raw: access)func value(forKey key: String) -> TemplateValue? {
                \(raw: switchText)
                \(raw: fallback)
            }
            """,
        ]
    }

    /// The `switch` answering each key by name. Names in ASCII (all of them, in practice) are
    /// told apart by length first, then compared: most names a template looks up are another
    /// model's, and a length rules them out at once where comparing strings one by one costs a
    /// lookup about twice as much.
    static func dispatch(_ answers: [(name: String, value: String)]) -> String {
        guard answers.allSatisfy({ $0.name.utf8.allSatisfy { $0 < 0x80 } }) else {
            let cases = answers.map { "case \(literal($0.name)): return \($0.value)" }
            return (["switch key {"] + cases + ["default: break", "}"]).joined(separator: "\n")
        }
        var lengths: [Int] = []
        var byLength: [Int: [(name: String, value: String)]] = [:]
        for answer in answers {
            let length = answer.name.utf8.count
            if byLength[length] == nil { lengths.append(length) }
            byLength[length, default: []].append(answer)
        }
        var text = ["switch key.utf8.count {"]
        for length in lengths {
            text.append("case \(length):")
            for answer in byLength[length] ?? [] { text.append("if key == \(literal(answer.name)) { return \(answer.value) }") }
        }
        text += ["default: break", "}"]
        return text.joined(separator: "\n")
    }

    // MARK: - Conformance

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard !protocols.isEmpty else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): TemplateModel {}")]
    }

    // MARK: - Reading the declaration

    struct Key {
        enum Kind { case value, markup, included }
        let name: String
        let kind: Kind
    }

    /// The instance properties that are keys, in order.
    static func keys(in declaration: some DeclGroupSyntax) -> [Key] {
        var keys: [Key] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.modifiers.contains(where: { Self.hidesFromTemplates($0) }) { continue }
            if variable.attributes.contains(where: { Self.isMark($0, "TemplateIgnored") }) { continue }
            let includes = variable.attributes.contains { Self.isMark($0, "TemplateIncluded") }
            for binding in variable.bindings {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                let name = pattern.identifier.trimmedDescription.filter { $0 != "`" }
                let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
                let isMarkup = type.filter { !$0.isWhitespace } == "anyHTMLFragment"
                keys.append(Key(name: name, kind: includes ? .included : isMarkup ? .markup : .value))
            }
        }
        return keys
    }

    /// `static`, `class`, `private` and `fileprivate` (but not `private(set)`) keep a property
    /// out of the keys.
    private static func hidesFromTemplates(_ modifier: DeclModifierSyntax) -> Bool {
        switch modifier.name.tokenKind {
        case .keyword(.static), .keyword(.class): return true
        case .keyword(.private), .keyword(.fileprivate): return modifier.detail == nil
        default: return false
        }
    }

    private static func isMark(_ attribute: AttributeListSyntax.Element, _ name: String) -> Bool {
        guard case .attribute(let attribute) = attribute else { return false }
        return attribute.attributeName.trimmedDescription == name
    }

    private static func typeName(of declaration: some DeclGroupSyntax) -> String? {
        if let type = declaration.as(StructDeclSyntax.self) { return type.name.trimmedDescription }
        if let type = declaration.as(ClassDeclSyntax.self) { return type.name.trimmedDescription }
        if let type = declaration.as(EnumDeclSyntax.self) { return type.name.trimmedDescription }
        return nil
    }


    private static func literal(_ text: String) -> String {
        StringLiteralExprSyntax(content: text).description
    }
}
