import Synchronization

// MARK: - TypeNames

/// Names derived from Swift types, computed once per type and kept: `String(describing:)` of a
/// metatype demangles the type's name on every call, and every page asks for its scene's and
/// its components' names.
enum TypeNames {
    /// What is derived from the type.
    enum Kind: Hashable {
        /// `String(describing:)`.
        case described
        /// ``Component/componentName``: the kebab-case name (`BlogListComponent` → `blog-list`).
        case kebab
    }

    private struct Key: Hashable {
        let type: ObjectIdentifier
        let kind: Kind
    }

    private static let names = Mutex<[Key: String]>([:])

    /// `kind`'s name of `type`, made by `make` the first time.
    static func name(of type: Any.Type, _ kind: Kind, make: (Any.Type) -> String) -> String {
        let key = Key(type: ObjectIdentifier(type), kind: kind)
        if let known = names.withLock({ $0[key] }) { return known }
        let made = make(type)
        names.withLock { $0[key] = made }
        return made
    }
}
