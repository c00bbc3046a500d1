import SwiftSyntax

// MARK: - DeclarationAccess

/// What the macros' generated members share with the type they extend.
enum DeclarationAccess {
    /// `public ` for a public (or open) type, `package ` for a package one, else nothing: the
    /// generated members must be as visible as the conformance.
    static func prefix(of declaration: some DeclGroupSyntax) -> String {
        for modifier in declaration.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }
}
