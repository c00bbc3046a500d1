// MARK: - URLQuery

/// Builds query strings with every name and value percent-encoded.
public enum URLQuery {
    /// `?a=1&b=x%20y`, or "" for no items.
    public static func encode(_ items: [(String, String)]) -> String {
        guard !items.isEmpty else { return "" }
        var query = ""
        query.reserveCapacity(items.reduce(1) { $0 + $1.0.utf8.count + $1.1.utf8.count + 2 })
        for (index, (name, value)) in items.enumerated() {
            query += index == 0 ? "?" : "&"
            query += escape(name)
            query += "="
            query += escape(value)
        }
        return query
    }

    /// `text` with everything but unreserved characters percent-encoded.
    public static func escape(_ text: String) -> String {
        if text.utf8.allSatisfy(isUnreserved) { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 3986's unreserved characters: letters, digits, `-`, `.`, `_`, `~`.
    @inline(__always)
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
