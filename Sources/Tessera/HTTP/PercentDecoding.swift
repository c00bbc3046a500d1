// MARK: - PercentDecoding

/// Strict decoding of `application/x-www-form-urlencoded` text and query strings.
///
/// Unlike lenient decoders, a `%` not followed by two hex digits is an error (400), never passed
/// on half-decoded; the decoded bytes then pass ``InputText``'s rule (UTF-8, no control
/// characters but tab and line breaks, line endings made LF).
enum PercentDecoding {
    /// Decodes `text`; `+` is a space when `plusIsSpace` (forms and queries).
    static func decode(_ text: Substring, plusIsSpace: Bool = true) throws(RequestError) -> String {
        try decode(bytes: text.utf8, plusIsSpace: plusIsSpace)
    }

    /// Decodes the UTF-8 `bytes` of an encoded text (its control characters kept when
    /// `keepingControlCharacters`: a form field's value).
    static func decode(
        bytes: some Collection<UInt8>, plusIsSpace: Bool = true, keepingControlCharacters: Bool = false
    ) throws(RequestError) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw .badRequest("The address or form has a malformed %-escape.")
                }
                decoded.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                decoded.append(UInt8(ascii: " "))
            default:
                decoded.append(byte)
            }
        }
        return try InputText.decode(decoded, keepingControlCharacters: keepingControlCharacters)
    }

    /// Splits `a=1&b=2` into decoded pairs, in order.
    static func pairs(_ text: Substring) throws(RequestError) -> [(String, String)] {
        var text = String(text)
        return try text.withUTF8 { utf8 in
            Result { () throws(RequestError) in try pairs(in: UnsafeRawBufferPointer(utf8)) }
        }.get()
    }

    /// The decoded pairs of the URL-encoded `bytes`, split byte by byte (never as characters);
    /// the values keep their control characters when `keepingControlCharacters` (a form's).
    static func pairs(in bytes: UnsafeRawBufferPointer, keepingControlCharacters: Bool = false) throws(RequestError) -> [(String, String)] {
        var result: [(String, String)] = []
        for pair in Self.pieces(of: bytes) {
            let value = try pair.value.map { value throws(RequestError) in
                try decode(bytes: value, keepingControlCharacters: keepingControlCharacters)
            }
            result.append((try decode(bytes: pair.name), value ?? ""))
        }
        return result
    }

    /// The first value named `name` in the URL-encoded `bytes`, decoding only names (and only
    /// those that could be `name`) until it is found; nil when there is none.
    static func value(named name: String, in bytes: UnsafeRawBufferPointer) throws(RequestError) -> String? {
        let length = name.utf8.count
        for pair in Self.pieces(of: bytes) where pair.name.count >= length && pair.name.count <= 3 * length {
            guard try decode(bytes: pair.name) == name else { continue }
            return try pair.value.map { value throws(RequestError) in try decode(bytes: value) } ?? ""
        }
        return nil
    }

    /// The non-empty `&`-separated pieces of `bytes`, each split at its first `=`.
    private static func pieces(of bytes: UnsafeRawBufferPointer) -> [(name: Slice<UnsafeRawBufferPointer>, value: Slice<UnsafeRawBufferPointer>?)] {
        var pieces: [(name: Slice<UnsafeRawBufferPointer>, value: Slice<UnsafeRawBufferPointer>?)] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
            if end > start {
                let piece = bytes[start..<end]
                if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
                    pieces.append((piece[start..<equals], piece[(equals + 1)...]))
                } else {
                    pieces.append((piece, nil))
                }
            }
            start = end + 1
        }
        return pieces
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
