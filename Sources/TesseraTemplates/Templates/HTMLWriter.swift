import NIOCore

// MARK: - HTMLWriter

/// An append-only byte buffer that every renderer writes into.
///
/// Non-copyable: it owns its memory and is always passed `inout`, so appends are plain memory
/// copies with no copy-on-write checks. A page is written once, body and layout in one pass;
/// ``takeBuffer()`` copies it once into the response's `ByteBuffer`.
///
/// Escaping is done per byte of UTF-8 (never per `Character`), so a `"` followed by a combining
/// mark is still escaped: grapheme clustering cannot hide a quote.
public struct HTMLWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count: Int
    private var capacity: Int

    /// An empty writer; `capacity` reserves room up front (default 4 KiB); it grows as needed.
    public init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
        count = 0
    }

    deinit { base.deallocate() }

    /// The bytes written so far (a copy).
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written from offset `start` on (a copy).
    package func bytes(from start: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    /// How many bytes were written.
    public var byteCount: Int { count }

    /// Calls `body` with the bytes written so far, without copying them.
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Ends the writer and returns its bytes in a `ByteBuffer` of exactly their size, ready to
    /// send (one copy).
    public consuming func takeBuffer() -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        buffer.writeBytes(UnsafeRawBufferPointer(start: base, count: count))
        return buffer
    }

    // MARK: - Storage

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count &+ extra) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity &* 2
        while newCapacity < needed { newCapacity &*= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    // MARK: - Raw

    // Raw writes are Tessera's own: templates' literal text, tags it writes itself, and markup
    // it rendered. They are not public, so no app type can put an unescaped string on a page;
    // the one way to do that on purpose is ``HTML/unsafeUnescaped(_:)``.

    /// Appends trusted bytes unchanged.
    @usableFromInline
    package mutating func writeRaw(_ raw: [UInt8]) {
        raw.withUnsafeBufferPointer { writeRaw($0) }
    }

    /// Appends part of trusted bytes unchanged, without copying the part to an array first.
    package mutating func writeRaw(_ raw: ArraySlice<UInt8>) {
        raw.withUnsafeBufferPointer { writeRaw($0) }
    }

    /// Appends trusted bytes unchanged.
    @inline(__always) @usableFromInline
    package mutating func writeRaw(_ raw: UnsafeBufferPointer<UInt8>) {
        guard let source = raw.baseAddress else { return }
        reserve(raw.count)
        (base + count).initialize(from: source, count: raw.count)
        count &+= raw.count
    }

    /// Appends trusted text (a tag name a developer declared) unchanged, without copying it to
    /// an array first.
    package mutating func writeTrusted(_ text: String) {
        var text = text
        text.withUTF8 { writeRaw($0) }
    }

    /// Appends a trusted static string (markup written by a developer) unchanged.
    @usableFromInline
    package mutating func writeRaw(_ raw: StaticString) {
        raw.withUTF8Buffer { writeRaw($0) }
    }

    /// Appends Tessera-rendered markup unchanged.
    public mutating func write(_ html: HTML) { writeRaw(html.bytes) }

    /// Appends an integer in decimal without allocating.
    public mutating func write(_ number: Int) {
        if number < 0 { append(UInt8(ascii: "-")) }
        writeDigits(number.magnitude)
    }

    private mutating func writeDigits(_ value: UInt) {
        if value >= 10 { writeDigits(value / 10) }
        append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10))
    }

    // MARK: - Escaped

    /// Appends `text` escaped for HTML text and quoted attribute values: `& < > " '`.
    public mutating func writeEscaped(_ text: String) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ writeEscaped($0) }) { return done }
        var copy = text
        copy.withUTF8 { writeEscaped($0) }
    }

    /// Appends UTF-8 `raw` escaped for HTML text and quoted attribute values.
    ///
    /// Runs of safe bytes are copied in one go; only `& < > " '` and NUL are replaced. The scan
    /// looks at 8 bytes at a time and steps over a word holding none of them at once.
    public mutating func writeEscaped(_ raw: UnsafeBufferPointer<UInt8>) {
        guard let source = raw.baseAddress else { return }
        let end = raw.count
        var runStart = 0
        var index = 0
        while index < end {
            if end &- index >= 8 {
                let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                if !Self.holdsSpecialByte(word) {
                    index &+= 8
                    continue
                }
            }
            let stop = min(index &+ 8, end)
            while index < stop {
                if let replacement = Self.replacement(for: source[index]) {
                    if runStart < index { writeRaw(UnsafeBufferPointer(start: source + runStart, count: index &- runStart)) }
                    replacement.withUTF8Buffer { writeRaw($0) }
                    runStart = index &+ 1
                }
                index &+= 1
            }
        }
        if runStart < end { writeRaw(UnsafeBufferPointer(start: source + runStart, count: end &- runStart)) }
    }

    /// Whether the 8 bytes of `word` hold one ``replacement(for:)`` replaces: for each such
    /// byte, `word` XOR that byte repeated has a zero byte, found with the classic
    /// `(x - 0x01…) & ~x & 0x80…` test (exact as a yes or no). About 4 instructions a byte
    /// fewer than looking at each byte.
    @inline(__always)
    private static func holdsSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x }
        let found = zeroBytes(word ^ (ones &* 0x26)) | zeroBytes(word ^ (ones &* 0x3C)) | zeroBytes(word ^ (ones &* 0x3E))
            | zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x27)) | zeroBytes(word)
        return found & 0x8080_8080_8080_8080 != 0
    }

    /// The entity that replaces `byte`, or nil for a byte written as is.
    @inline(__always)
    private static func replacement(for byte: UInt8) -> StaticString? {
        // Every byte to replace is at most '>' (0x3E); one compare skips the rest.
        guard byte <= 0x3E else { return nil }
        switch byte {
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "\""): return "&quot;"
        case UInt8(ascii: "'"): return "&#39;"
        case 0: return "\u{FFFD}"
        default: return nil
        }
    }

    /// Appends `text` as a URL attribute value: a scheme other than http, https or mailto is
    /// replaced by `about:invalid#tessera-unsafe-url`, then the value is attribute-escaped.
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
