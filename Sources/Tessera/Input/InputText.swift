// MARK: - InputText

/// The one rule every piece of text a client sends passes through — form fields (URL-encoded
/// and multipart alike), query values and path values — before anything else sees it:
///
/// 1. the bytes must be UTF-8 (so encoded lone surrogates such as `%ED%A0%80` are refused too);
/// 2. no C0 control character but tab, line feed and carriage return (no NUL, no escape…);
/// 3. line endings are normalised once, here: CRLF and a lone CR become LF.
///
/// Anything that breaks 1 or 2 is a 400 naming the character, before anything is stored, so what
/// a person typed either comes back byte for byte or is refused.
///
/// A form field's value is the one exception to 2: a form feed pasted from a PDF is a mistake to
/// show beside the field, not a bare error page. Its control characters are kept, and
/// ``TextField/check(_:)`` refuses them with the text shown again without them.
enum InputText {
    /// `bytes` as checked text with LF line endings, or a 400; control characters are a 400
    /// unless `keepingControlCharacters` (a form field's value).
    static func decode(_ bytes: some Collection<UInt8>, keepingControlCharacters: Bool = false) throws(RequestError) -> String {
        var normalised: [UInt8] = []
        normalised.reserveCapacity(bytes.count)
        var previousWasCR = false
        for byte in bytes {
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D, !keepingControlCharacters {
                throw .badRequest(controlCharacterMessage(byte))
            }
            if byte == 0x0A, previousWasCR {
                previousWasCR = false
                continue  // the CR already became LF
            }
            previousWasCR = byte == 0x0D
            normalised.append(byte == 0x0D ? 0x0A : byte)
        }
        guard let text = String(validating: normalised, as: UTF8.self) else {
            throw .badRequest("The address or form is not valid UTF-8 text.")
        }
        return text
    }

    /// The message for a refused control character: "… U+0000 (a control character) …".
    static func controlCharacterMessage(_ byte: UInt8) -> String {
        "The text sent contains \(name(of: byte)), which cannot be kept. Remove it and send again."
    }

    // MARK: - Control characters

    /// Whether `scalar` is a control character text may not keep: C0 but tab and line breaks,
    /// and DEL.
    static func isRefusedControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0x7F
    }

    /// `text` without its refused control characters.
    static func withoutControlCharacters(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.lazy.filter { !isRefusedControl($0) })
        return String(kept)
    }

    /// The first refused control character in `text`, or nil.
    static func firstControlCharacter(in text: String) -> Unicode.Scalar? {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
        return text.unicodeScalars.first(where: isRefusedControl)
    }

    /// `U+000C (a form feed)`: the code point and what it is, for a message.
    static func name(of scalar: Unicode.Scalar) -> String { name(of: UInt8(truncatingIfNeeded: scalar.value)) }

    /// `U+000C (a form feed)` for a control byte.
    static func name(of byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
        let what: String =
            switch byte {
            case 0x00: "a null character"
            case 0x08: "a backspace"
            case 0x0B: "a vertical tab"
            case 0x0C: "a form feed"
            case 0x1B: "an escape character"
            case 0x7F: "a delete character"
            default: "a control character"
            }
        return "\(code) (\(what))"
    }
}
