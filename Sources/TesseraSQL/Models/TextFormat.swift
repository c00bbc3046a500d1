import Foundation

// MARK: - TextFormat

/// A format a text column's values must have (``ColumnOption/format(_:)``).
public enum TextFormat: String, Sendable, Equatable {
    /// An e-mail address: `name@example.com` (one `@`, a dotted domain, no spaces).
    case email
    /// A web address with an `http` or `https` scheme and a host.
    case url

    /// Whether `text` has the format.
    package func matches(_ text: String) -> Bool {
        switch self {
        case .email:
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, text.utf8.count <= 254 else { return false }
            let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
            return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
                && !text.unicodeScalars.contains { CharacterSet.whitespacesAndNewlines.contains($0) }
        case .url:
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
                return false
            }
            return scheme == "http" || scheme == "https"
        }
    }

    /// What a person reads when a value does not have the format.
    var problem: String {
        switch self {
        case .email: "Enter an e-mail address, such as name@example.com."
        case .url: "Enter a web address starting with https://, such as https://example.com."
        }
    }
}
