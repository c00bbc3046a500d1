// MARK: - TextExcerpt

/// Short excerpts of long text for lists and previews, cut by Unicode scalars (so a "character"
/// made of a million combining marks is cut too) and never in the middle of a character that
/// fits: a cut that would split a character drops it whole.
public enum TextExcerpt {
    /// `text` when it has at most `maxScalars` scalars; otherwise its first whole characters
    /// within `maxScalars - 1` scalars followed by "…". The work is proportional to `maxScalars`,
    /// not to the length of `text`.
    public static func cut(_ text: String, maxScalars: Int) -> String {
        precondition(maxScalars >= 2, "an excerpt needs room for a character and the ellipsis")
        var scalars = text.unicodeScalars.makeIterator()
        var window: [Unicode.Scalar] = []
        while window.count <= maxScalars, let scalar = scalars.next() { window.append(scalar) }
        guard window.count > maxScalars else { return text }
        return cutting(window, maxScalars: maxScalars)
    }

    /// `text` on one line, then cut like ``cut(_:maxScalars:)``: each run of line breaks
    /// becomes one space, and breaks at the start or the end are dropped. One pass over at
    /// most `maxScalars + 1` scalars of the result, whatever the length of `text`.
    public static func line(_ text: String, maxScalars: Int) -> String {
        precondition(maxScalars >= 2, "an excerpt needs room for a character and the ellipsis")
        if let plain = plainLine(text, maxScalars: maxScalars) { return plain }
        return scalarLine(text, maxScalars: maxScalars)
    }

    /// ``line(_:maxScalars:)`` scalar by scalar, for any text (the path ``plainLine(_:maxScalars:)``
    /// shortens for ASCII).
    static func scalarLine(_ text: String, maxScalars: Int) -> String {
        var window: [Unicode.Scalar] = []
        window.reserveCapacity(min(text.utf8.count, maxScalars + 1))
        var pendingBreak = false
        for scalar in text.unicodeScalars {
            if isLineBreak(scalar) {
                pendingBreak = !window.isEmpty
                continue
            }
            if pendingBreak {
                window.append(" ")
                pendingBreak = false
                if window.count > maxScalars { break }
            }
            window.append(scalar)
            if window.count > maxScalars { break }
        }
        guard window.count > maxScalars else { return string(window[...]) }
        return cutting(window, maxScalars: maxScalars)
    }

    /// The excerpt of text whose start is ASCII, made from its bytes: in ASCII each byte is a
    /// scalar and a character (CR LF, the one pair that joins, is a run of breaks), so the
    /// rules reduce to copying bytes, one space per run of breaks. Reads at most the bytes the
    /// excerpt needs; nil as soon as it meets a byte above 127, which the scalar path handles.
    private static func plainLine(_ text: String, maxScalars: Int) -> String? {
        var utf8 = text
        return utf8.withUTF8 { bytes -> String? in
            var kept: [UInt8] = []
            kept.reserveCapacity(min(bytes.count, maxScalars + 1))
            var pendingBreak = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte >= 0x0A && byte <= 0x0D {
                    pendingBreak = !kept.isEmpty
                    continue
                }
                if pendingBreak {
                    kept.append(UInt8(ascii: " "))
                    pendingBreak = false
                    if kept.count > maxScalars { break }
                }
                kept.append(byte)
                if kept.count > maxScalars { break }
            }
            guard kept.count > maxScalars else { return String(decoding: kept, as: UTF8.self) }
            return String(decoding: kept[..<(maxScalars - 1)], as: UTF8.self) + "…"
        }
    }

    /// The first whole characters of `window` (more than `maxScalars` scalars) within
    /// `maxScalars - 1` scalars, followed by "…".
    private static func cutting(_ window: [Unicode.Scalar], maxScalars: Int) -> String {
        let budget = maxScalars - 1
        var kept = string(window.prefix(budget))
        // If the next scalar joins the last kept character, that character was cut: drop it.
        let withNext = string(window.prefix(budget + 1))
        if withNext.count == kept.count, kept.count > 1 { kept.removeLast() }
        return kept + "…"
    }

    /// The scalars `Character.isNewline` treats as line breaks.
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `scalars` as a string, built from their UTF-8 bytes (appending scalars to a string one
    /// by one costs several times more).
    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count * 2)
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        return String(decoding: bytes, as: UTF8.self)
    }
}
