// MARK: - RedirectTarget

/// Where a redirect may lead: only a path on this site. Every redirect Tessera sends (an
/// action's ``ActionResult/redirect(to:)``, a `Location` or `X-Tessera-Redirect` header) and
/// every `next` parameter an app honours goes through ``local(_:)``.
///
/// Accepted: an absolute path (`/photos?page=2#top`) — starting with one `/`, at most 2,048
/// bytes. Refused, because browsers read them as another site or strip them before resolving:
/// `//host`, `/\host`, any backslash, control characters (tab, line breaks, NUL, DEL, C1),
/// whitespace of any kind, and percent-encoded slashes, backslashes, controls or spaces
/// (`%2F`, `%5C`, `%09`, `%20`…), or a malformed `%`. Normalised: every other byte outside
/// the URL's safe set (non-ASCII letters, `"`, `<`, `>`, `{`…) is percent-encoded, so the
/// header holds plain ASCII.
public enum RedirectTarget {
    /// The longest target accepted, in UTF-8 bytes.
    package static let maxBytes = 2048

    /// `raw` normalised if it is a same-site absolute path; nil otherwise.
    public static func local(_ raw: String) -> String? {
        let bytes = Array(raw.utf8)
        guard bytes.count <= maxBytes, bytes.first == UInt8(ascii: "/") else { return nil }
        if bytes.count > 1, bytes[1] == UInt8(ascii: "/") || bytes[1] == UInt8(ascii: "\\") { return nil }
        guard !raw.unicodeScalars.contains(where: isRefused) else { return nil }
        var result = ""
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) else {
                    return nil
                }
                let decoded = high << 4 | low
                if decoded <= 0x20 || decoded == 0x7F || decoded == UInt8(ascii: "/") || decoded == UInt8(ascii: "\\") {
                    return nil
                }
                result += "%" + String(UnicodeScalar(bytes[index + 1])) + String(UnicodeScalar(bytes[index + 2]))
                index += 3
                continue
            }
            if isSafe(byte) {
                result.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                let digits = String(byte, radix: 16, uppercase: true)
                result += "%" + (digits.count == 1 ? "0" : "") + digits
            }
            index += 1
        }
        return result
    }

    // MARK: - Private

    private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || scalar == "\\" || scalar.properties.isWhitespace
            || scalar.properties.generalCategory == .format
    }

    /// Unreserved and sub-delimiter characters, and `:@/?#` — left as they are.
    private static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("-._~!$&'()*+,;=:@/?#".utf8).contains(byte)
        }
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
