import SwiftSyntax
import SwiftSyntaxMacros

// MARK: - TemplatePropertyMark

/// `@TemplateIgnored` and `@TemplateIncluded`: marks on a property that `@TemplateModel` reads
/// (one keeps the property out of the keys, the other offers its model's keys as the type's
/// own). A mark adds nothing itself.
public struct TemplatePropertyMark: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
