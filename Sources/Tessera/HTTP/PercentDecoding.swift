// MARK: - PercentDecoding

/// Strict decoding of `application/x-www-form-urlencoded` text and query strings.
///
/// Unlike lenient decoders, a `%` not followed by two hex digits is an error (400), never passed
/// on half-decoded; the decoded bytes then pass ``InputText``'s rule (UTF-8, no control
/// characters but tab and line breaks, line endings made LF).
enum PercentDecoding {
    /// Decodes `text`; `+` is a space when `plusIsSpace` (forms and queries).
    static func decode(_ text: Substring, plusIsSpace: Bool = true) throws(RequestError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw .badRequest("The address or form has a malformed %-escape.")
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return try InputText.decode(bytes)
    }

    /// Splits `a=1&b=2` into decoded pairs, in order.
    static func pairs(_ text: Substring) throws(RequestError) -> [(String, String)] {
        var result: [(String, String)] = []
        for part in text.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decode(pieces[0])
            let value = pieces.count > 1 ? try decode(pieces[1]) : ""
            result.append((name, value))
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
