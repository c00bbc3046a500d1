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
enum InputText {
    /// `bytes` as checked text with LF line endings, or a 400.
    public static func decode(_ bytes: some Collection<UInt8>) throws(RequestError) -> String {
        var normalised: [UInt8] = []
        normalised.reserveCapacity(bytes.count)
        var previousWasCR = false
        for byte in bytes {
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
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
        let hex = String(byte, radix: 16, uppercase: true)
        return "The text sent contains U+\(String(repeating: "0", count: 4 - hex.count) + hex), a control character "
            + "that cannot be kept. Remove it and send again."
    }
}
