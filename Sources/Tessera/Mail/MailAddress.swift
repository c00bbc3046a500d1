import Foundation

// MARK: - MailAddress

/// An e-mail address checked before it goes near a mail header or an SMTP command: a local part
/// of at most 64 characters from the RFC 5322 "atext" set (dots between, never two together),
/// `@`, and a domain of letters, digits and hyphens in dot-separated labels (at least two) —
/// 254 characters in all at most. Nothing that could end a header or a command (no space, no
/// CR or LF, no `<`, `>`, `,` or quote) gets through.
public struct MailAddress: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The address, as given (trimmed).
    package let text: String

    /// `text` as an address, or nil when it is not one.
    public init?(_ text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.utf8.count <= 254, let at = text.lastIndex(of: "@") else { return nil }
        let local = text[..<at]
        let domain = text[text.index(after: at)...]
        guard Self.isLocalPart(local), Self.isDomain(domain) else { return nil }
        self.text = text
    }

    public var description: String { text }

    // MARK: - Codable

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let address = MailAddress(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an e-mail address"))
        }
        self = address
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    // MARK: - Rules

    private static let atext = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~-".utf8)

    private static func isLocalPart(_ part: Substring) -> Bool {
        guard (1...64).contains(part.utf8.count), part.first != ".", part.last != ".", !part.contains("..") else { return false }
        return part.utf8.allSatisfy { atext.contains($0) || $0 == UInt8(ascii: ".") }
    }

    private static func isDomain(_ domain: Substring) -> Bool {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        return labels.allSatisfy { label in
            (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                && label.utf8.allSatisfy { byte in
                    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
                }
        }
    }
}
