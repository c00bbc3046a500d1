// MARK: - HTMLWriter

/// An append-only byte buffer that every renderer writes into.
///
/// Escaping is done per byte of UTF-8 (never per `Character`), so a `"` followed by a combining
/// mark is still escaped: grapheme clustering cannot hide a quote.
public struct HTMLWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    /// An empty writer; `capacity` reserves room up front (default 4 KiB).
    public init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: - Raw

    /// Appends trusted bytes unchanged.
    public mutating func writeRaw(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }

    /// Appends trusted bytes unchanged.
    public mutating func writeRaw(_ raw: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: raw) }

    /// Appends a trusted static string (markup written by a developer) unchanged.
    public mutating func writeRaw(_ raw: StaticString) {
        raw.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends Tessera-rendered markup unchanged.
    public mutating func write(_ html: HTML) { bytes.append(contentsOf: html.bytes) }

    /// Appends an integer in decimal without allocating.
    public mutating func write(_ number: Int) {
        if number == 0 { bytes.append(UInt8(ascii: "0")); return }
        var magnitude = number.magnitude
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch, enough for 20 digits
        let count = withUnsafeMutableBytes(of: &digits) { scratch -> Int in
            var index = scratch.count
            while magnitude > 0 {
                index -= 1
                scratch[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            }
            bytes.append(contentsOf: scratch[index...])
            return scratch.count - index
        }
        _ = count
    }

    // MARK: - Escaped

    /// Appends `text` escaped for HTML text and quoted attribute values: `& < > " '`.
    public mutating func writeEscaped(_ text: String) {
        var text = text
        text.withUTF8 { writeEscaped($0) }
    }

    /// Appends UTF-8 `raw` escaped for HTML text and quoted attribute values.
    public mutating func writeEscaped(_ raw: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        let count = raw.count
        while index < count {
            let byte = raw[index]
            // Bytes above 0x3E never need escaping; one compare keeps the common path short.
            if byte > 0x3E || HTMLEscaping.replacement[Int(byte)] == nil {
                index += 1
                continue
            }
            if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: raw[runStart..<index])) }
            bytes.append(contentsOf: HTMLEscaping.replacement[Int(byte)]!)
            index += 1
            runStart = index
        }
        if runStart < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: raw[runStart..<count])) }
    }

    /// Appends `text` as a URL attribute value: a scheme other than http, https or mailto is
    /// replaced by ``HTMLEscaping/unsafeURLReplacement``, then the value is attribute-escaped.
    public mutating func writeURL(_ text: String) {
        var text = text
        text.withUTF8 { raw in
            if HTMLEscaping.isSafeURL(raw) {
                writeEscaped(raw)
            } else {
                writeRaw(HTMLEscaping.unsafeURLReplacement)
            }
        }
    }
}
