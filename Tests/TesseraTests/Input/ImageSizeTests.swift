import Testing

@testable import Tessera
@testable import TesseraTemplates
@testable import TesseraSQL

/// An image's size is read from its header alone, for every accepted format; anything else,
/// or a header cut short, has no size.
@Suite("Image size")
struct ImageSizeTests {
    /// A PNG's signature and IHDR stating `width` × `height`.
    static func png(_ width: UInt32, _ height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height)
            + [8, 6, 0, 0, 0]
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    @Test("PNG, GIF, JPEG and the three kinds of WebP state their width and height")
    func formats() {
        #expect(ImageSize(reading: Self.png(640, 480)) == ImageSize(width: 640, height: 480))
        #expect(ImageSize(reading: Self.png(100_000, 100_000)) == ImageSize(width: 100_000, height: 100_000))
        #expect(ImageSize(reading: Array("GIF89a".utf8) + [0x20, 0x03, 0x58, 0x02]) == ImageSize(width: 800, height: 600))
        // A JPEG: SOI, an APP0 segment of 16 bytes (skipped by its length), then SOF2 (progressive).
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array(repeating: 0, count: 14)
        let sof2: [UInt8] = [0xFF, 0xC2, 0x00, 0x11, 0x08, 0x04, 0x38, 0x07, 0x80, 0x03]
        #expect(ImageSize(reading: [0xFF, 0xD8] + app0 + sof2) == ImageSize(width: 1920, height: 1080))
        // A JPEG whose first frame marker is DHT (0xC4), which is not a frame: skipped.
        let dht: [UInt8] = [0xFF, 0xC4, 0x00, 0x04, 0x00, 0x00]
        #expect(ImageSize(reading: [0xFF, 0xD8] + dht + sof2) == ImageSize(width: 1920, height: 1080))
        let riff = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
        let vp8x = riff + Array("VP8X".utf8) + [10, 0, 0, 0] + [0, 0, 0, 0] + [0x7F, 0x02, 0x00] + [0xDF, 0x01, 0x00]
        #expect(ImageSize(reading: vp8x) == ImageSize(width: 640, height: 480))
        // VP8L: 14 bits of width less one, then 14 of height less one: 100 × 50.
        let bits = UInt32(99) | UInt32(49) << 14
        let vp8l = riff + Array("VP8L".utf8) + [0, 0, 0, 0] + [0x2F] + [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: bits >> $0) } + [0, 0, 0, 0, 0]
        #expect(ImageSize(reading: vp8l) == ImageSize(width: 100, height: 50))
        let vp8 = riff + Array("VP8 ".utf8) + [0, 0, 0, 0] + [0, 0, 0] + [0x9D, 0x01, 0x2A] + [0x40, 0x01, 0xF0, 0x00]
        #expect(ImageSize(reading: vp8) == ImageSize(width: 320, height: 240))
    }

    @Test("what is not an image, a header cut short, or a zero side has no size")
    func unreadable() {
        #expect(ImageSize(reading: []) == nil)
        #expect(ImageSize(reading: Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)) == nil)
        #expect(ImageSize(reading: Array(Self.png(10, 10).prefix(20))) == nil)
        #expect(ImageSize(reading: Self.png(0, 10)) == nil)
        #expect(ImageSize(reading: [0xFF, 0xD8, 0xFF, 0xE0, 0x00]) == nil)
        #expect(ImageSize(reading: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0xFF, 0xC0]) == nil, "a segment length under 2")
        #expect(ImageSize(reading: Array("GIF89a".utf8) + [1]) == nil)
    }

    @Test("a limit holds each side and the pixels in all")
    func limits() {
        let limit = ImageSize.Limit(side: 8_192, pixels: 40_000_000)
        #expect(ImageSize(width: 8_000, height: 5_000).fits(within: limit))
        #expect(!ImageSize(width: 8_193, height: 10).fits(within: limit))
        #expect(!ImageSize(width: 8_000, height: 8_000).fits(within: limit))
        #expect(ImageSize(width: 640, height: 480).description == "640 × 480")
    }
}
