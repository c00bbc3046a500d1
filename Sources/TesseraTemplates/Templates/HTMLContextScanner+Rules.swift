// MARK: - HTMLContextScanner rules

/// Which attributes refuse values, where a URL's scheme stands, and byte helpers.
extension HTMLContextScanner {
    // MARK: - Rules

    /// Why a value may not stand in attribute `name`, or nil when it may.
    static func refusal(forAttribute name: String) -> String? {
        if name.hasPrefix("on") { return "in an event-handler attribute (\(name)); JavaScript is not escaped" }
        if name == "style" { return "in a style attribute; CSS is not escaped" }
        if name == "srcdoc" { return "in a srcdoc attribute; it is parsed as HTML" }
        return nil
    }

    /// Whether a URL value at `offset` could still set the URL's scheme: only whitespace and
    /// other tags stand before it in the value, or static text without `/ ? # :`.
    func isSchemePosition(valueStart: Int, offset: Int) -> Bool {
        var position = valueStart
        while position < offset {
            if let range = tagRanges.first(where: { $0.contains(position) }) {
                position = range.upperBound
                continue
            }
            switch locator.bytes[position] {
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: ":"): return false
            default: position += 1
            }
        }
        return true
    }

    // MARK: - Bytes

    func startsWith(_ text: String, at index: Int, caseInsensitive: Bool = false) -> Bool {
        let needle = Array(text.utf8)
        guard index + needle.count <= masked.count else { return false }
        for offset in 0..<needle.count {
            let byte = caseInsensitive ? lower(masked[index + offset]) : masked[index + offset]
            if byte != needle[offset] { return false }
        }
        return true
    }

    func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    func lower(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte
    }
}
