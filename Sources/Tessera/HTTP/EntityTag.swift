import CZlib
import NIOCore

// MARK: - EntityTag

/// Entity tags (`ETag`, RFC 9110 §8.8.3): making a page's from its bytes, and matching a
/// client's `If-None-Match` against one.
enum EntityTag {
    // MARK: - Making

    /// A weak tag for a body: its length and the CRC-32 of its bytes (zlib's), as
    /// `W/"<length>-<crc>"` in hex.
    ///
    /// Weak, because the same page goes out gzipped or not (``CompressionMiddleware``) under
    /// one tag. A checksum rather than a cryptographic hash, because it is made for every page:
    /// zlib checks a 5 KB page in about a microsecond (SHA-256 in Swift takes tens). Any one
    /// change of up to 32 bits in a row (a count, a word) always changes the CRC; two versions
    /// of a page of the same length whose changes lie apart collide once in 2³² revalidations.
    static func weak(digesting body: ByteBuffer) -> String {
        let crc = body.withUnsafeReadableBytes { bytes in
            UInt32(crc32_z(0, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count))
        }
        var text: [UInt8] = Array("W/\"".utf8)
        text.reserveCapacity(32)
        appendHex(UInt64(body.readableBytes), minimumDigits: 1, to: &text)
        text.append(UInt8(ascii: "-"))
        appendHex(UInt64(crc), minimumDigits: 8, to: &text)
        text.append(UInt8(ascii: "\""))
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `value` in lowercase hex, zero-padded to `minimumDigits`.
    private static func appendHex(_ value: UInt64, minimumDigits: Int, to text: inout [UInt8]) {
        let digits = max(minimumDigits, (67 - value.leadingZeroBitCount) / 4)
        for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
            let nibble = UInt8((value >> UInt64(shift)) & 0xF)
            text.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
    }

    // MARK: - Matching

    /// Whether an `If-None-Match` header value names `etag` (or is `*`), by the weak comparison
    /// RFC 9110 prescribes for it: `W/` prefixes are ignored, and so is the `-gz` a static
    /// file's gzipped form adds to its tag (the client's copy is the same file).
    static func matches(_ ifNoneMatch: String, _ etag: String) -> Bool {
        let wanted = opaque(Substring(etag))
        return ifNoneMatch.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingSpaces
            return tag == "*" || opaque(tag) == wanted
        }
    }

    /// The tag without a `W/` prefix and without a `-gz` before its closing quote.
    private static func opaque(_ tag: Substring) -> Substring {
        var tag = tag
        if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
        if tag.hasSuffix("-gz\"") { tag = Substring(tag.dropLast(4) + "\"") }
        return tag
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        let isBlank = { (character: Character) in character == " " || character == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return self[first...last]
    }
}
