import SwiftSyntax
import SwiftSyntaxMacros

// MARK: - TemplateIgnoredMacro

/// `@TemplateIgnored`: keeps a property out of its `@TemplateModel` type's keys. Adds nothing.
public struct TemplateIgnoredMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
