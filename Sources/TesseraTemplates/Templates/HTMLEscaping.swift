// MARK: - HTMLEscaping

/// The escaping rules shared by every writer.
enum HTMLEscaping {
    /// What an unsafe URL (say `javascript:…`) is replaced with: a link that goes nowhere.
    static let unsafeURLReplacement: [UInt8] = Array("about:invalid#tessera-unsafe-url".utf8)

    /// URL schemes allowed in URL attributes; relative URLs are allowed too.
    static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// Escapes `text` for HTML text or a quoted attribute value.
    static func escape(_ text: String) -> String {
        var writer = HTMLWriter(capacity: text.utf8.count + 16)
        writer.writeEscaped(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Whether `raw` is a relative URL or one whose scheme is allowed.
    ///
    /// Follows how browsers read a URL: leading C0 controls and spaces are skipped, tabs and
    /// newlines are ignored anywhere, and the scheme ends at the first `:` before any `/ ? #`.
    static func isSafeURL(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < raw.count, raw[index] <= 0x20 { index += 1 }
        var scheme: [UInt8] = []
        while index < raw.count {
            let byte = raw[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                return true  // relative URL: no scheme
            case UInt8(ascii: ":"):
                let name = String(decoding: scheme, as: UTF8.self).lowercased()
                return allowedSchemes.contains(name)
            default:
                if scheme.count > 32 { return false }  // no allowed scheme is that long
                scheme.append(byte)
            }
        }
        return true  // no colon at all: relative
    }

    /// Whether `text` is a relative URL or one whose scheme is allowed.
    static func isSafeURL(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isSafeURL($0) }
    }
}
