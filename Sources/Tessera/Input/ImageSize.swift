// MARK: - ImageSize

/// An uploaded image's width and height in pixels, read from its header alone (PNG, GIF, JPEG,
/// WebP), so that an image too large to show is refused before it is stored or sent to anyone's
/// browser: a 100000 × 100000 PNG is a few kilobytes on the wire and 40 GB once decoded.
///
/// ```swift
/// guard let size = ImageSize(reading: file.data), size.fits(within: ImageSize.Limit(side: 8_000, pixels: 40_000_000))
/// else { ... refuse ... }
/// ```
public struct ImageSize: Sendable, Equatable, CustomStringConvertible {
    /// Pixels across.
    package let width: Int
    /// Pixels down.
    package let height: Int

    /// A size.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size `bytes`' header states, or nil when they are not a PNG, GIF, JPEG or WebP image
    /// whose header can be read (or it states a zero side).
    package init?(reading bytes: [UInt8]) {
        guard let size = Self.png(bytes) ?? Self.gif(bytes) ?? Self.jpeg(bytes) ?? Self.webp(bytes),
            size.width > 0, size.height > 0
        else { return nil }
        self = size
    }

    /// Width times height.
    package var pixels: Int { width * height }

    /// "640 × 480".
    public var description: String { "\(width) × \(height)" }

    // MARK: - Limits

    /// The largest image an app accepts: each side, and width times height.
    public struct Limit: Sendable {
        /// The longest side accepted, in pixels.
        package let side: Int
        /// The most pixels accepted.
        package let pixels: Int

        /// At most `side` pixels across and down, and `pixels` in all.
        public init(side: Int, pixels: Int) {
            self.side = side
            self.pixels = pixels
        }
    }

    /// Whether this size is within `limit`.
    package func fits(within limit: Limit) -> Bool {
        width <= limit.side && height <= limit.side && pixels <= limit.pixels
    }

    // MARK: - Formats

    /// PNG: the IHDR chunk, first after the signature: width and height, 32 bits big-endian.
    private static func png(_ b: [UInt8]) -> ImageSize? {
        guard b.count >= 24, b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), b[12..<16].elementsEqual("IHDR".utf8)
        else { return nil }
        return ImageSize(width: bigEndian(b, 16, 4), height: bigEndian(b, 20, 4))
    }

    /// GIF: the logical screen's width and height, 16 bits little-endian, after `GIF8?a`.
    private static func gif(_ b: [UInt8]) -> ImageSize? {
        guard b.count >= 10, b.starts(with: "GIF87a".utf8) || b.starts(with: "GIF89a".utf8) else { return nil }
        return ImageSize(width: littleEndian(b, 6, 2), height: littleEndian(b, 8, 2))
    }

    /// JPEG: the first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC): height, then
    /// width, 16 bits big-endian; other segments are skipped by their lengths.
    private static func jpeg(_ b: [UInt8]) -> ImageSize? {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var position = 2
        while position + 3 < b.count {
            guard b[position] == 0xFF else { return nil }
            var marker = b[position + 1]
            position += 2
            while marker == 0xFF, position < b.count {  // fill bytes
                marker = b[position]
                position += 1
            }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }  // no length
            guard position + 1 < b.count else { return nil }
            let length = bigEndian(b, position, 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard position + 6 < b.count else { return nil }
                return ImageSize(width: bigEndian(b, position + 5, 2), height: bigEndian(b, position + 3, 2))
            }
            position += length
        }
        return nil
    }

    /// WebP: a `VP8X` chunk's canvas (24 bits each, less one), a lossless `VP8L` bitstream's
    /// (14 bits each, less one) or a lossy `VP8 ` key frame's (14 bits each).
    private static func webp(_ b: [UInt8]) -> ImageSize? {
        guard b.count >= 30, b.starts(with: "RIFF".utf8), b[8..<12].elementsEqual("WEBP".utf8) else { return nil }
        let chunk = b[12..<16]
        if chunk.elementsEqual("VP8X".utf8) {
            return ImageSize(width: littleEndian(b, 24, 3) + 1, height: littleEndian(b, 27, 3) + 1)
        }
        if chunk.elementsEqual("VP8L".utf8), b[20] == 0x2F {
            let bits = littleEndian(b, 21, 4)
            return ImageSize(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        }
        if chunk.elementsEqual("VP8 ".utf8), b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A {
            return ImageSize(width: littleEndian(b, 26, 2) & 0x3FFF, height: littleEndian(b, 28, 2) & 0x3FFF)
        }
        return nil
    }

    // MARK: - Bytes

    private static func bigEndian(_ b: [UInt8], _ start: Int, _ count: Int) -> Int {
        b[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ b: [UInt8], _ start: Int, _ count: Int) -> Int {
        b[start..<start + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
