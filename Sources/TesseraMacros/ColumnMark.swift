import SwiftSyntax
import SwiftSyntaxMacros

// MARK: - ColumnMark

/// `@Column(…)`: a mark on a model's property that `@Model` reads (its key, uniqueness, index,
/// reference). A mark adds nothing itself.
public struct ColumnMark: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
