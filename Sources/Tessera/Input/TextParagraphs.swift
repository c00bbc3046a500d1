// MARK: - TextParagraphs

/// A text's paragraphs, for pages that print what a person wrote: blocks separated by a blank
/// line (`\n\n`, or `\r\n\r\n` as browsers send it), each trimmed of white space, empty ones
/// dropped. One pass over the bytes; nothing from Foundation.
public enum TextParagraphs {
    /// The paragraphs of `text`, in order.
    public static func split(_ text: String) -> [String] {
        var bytes = Array(text.utf8)
        if bytes.contains(0x0D) { bytes = withoutCarriageReturnsBeforeLineFeeds(bytes) }
        var paragraphs: [String] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                append(bytes[start..<index], to: &paragraphs)
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        append(bytes[start..<bytes.count], to: &paragraphs)
        return paragraphs
    }

    // MARK: - Private

    /// `block` trimmed, appended unless empty.
    private static func append(_ block: ArraySlice<UInt8>, to paragraphs: inout [String]) {
        let scalars = String(decoding: block, as: UTF8.self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return }
        paragraphs.append(String(scalars[first...last]))
    }

    /// `bytes` with each `\r` that precedes a `\n` removed.
    private static func withoutCarriageReturnsBeforeLineFeeds(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() where !(byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) {
            result.append(byte)
        }
        return result
    }
}
