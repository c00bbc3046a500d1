// MARK: - Role

/// A member's role, such as `admin`: a name granted to members (``MemberRoles``, `tessera roles
/// grant`) and required by a ``Policy/role(_:)`` policy.
///
/// An app names its own roles once, as constants:
///
/// ```swift
/// extension Role {
///     static let instructor: Role = "instructor"
/// }
/// ```
///
/// A name is lowercase letters, digits, `-` and `_`, starting with a letter; start-up refuses a
/// policy naming any other.
public struct Role: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The role's name, as stored.
    package let name: String

    /// The role `name`.
    package init(_ name: String) { self.name = name }

    /// The role `value`.
    public init(stringLiteral value: String) { self.init(value) }

    /// Whoever runs the site: the back office's role.
    public static let admin: Role = "admin"

    /// The name.
    public var description: String { name }

    /// Whether ``name`` is a role's name: lowercase letters, digits, `-` and `_`, starting with a
    /// letter, at most 64 bytes.
    var isValid: Bool {
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first), name.utf8.count <= 64 else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }
}
