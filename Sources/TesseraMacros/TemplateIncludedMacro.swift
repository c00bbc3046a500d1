import SwiftSyntax
import SwiftSyntaxMacros

// MARK: - TemplateIncludedMacro

/// `@TemplateIncluded`: offers a property's own keys (it holds a model) as its `@TemplateModel`
/// type's keys. Adds nothing itself.
public struct TemplateIncludedMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
