import HTTPTypes
import NIOCore

// MARK: - CachedPage

/// A visitor's whole page as kept for reuse (``Scene/reusesVisitorPages``): its headers and
/// bytes, and where its live components say which data generation they are fresh at.
struct CachedPage: Sendable {
    /// The headers its scene set (``Scene/willRender(_:_:)``), and its `ETag` when the bytes go
    /// out as kept.
    let headers: HTTPFields
    /// The page, in a buffer of its own size.
    let body: ByteBuffer
    /// Where each `data-tessera-live-since` value lies in ``body``, in order.
    let liveSince: [Range<Int>]

    /// The page rendered as `body` under `headers`.
    init(headers: HTTPFields, body: ByteBuffer) {
        let bytes = Array(body.readableBytesView)
        self.body = ByteBuffer(bytes: bytes)
        liveSince = Self.liveSinceValues(in: bytes)
        var headers = headers
        if liveSince.isEmpty { headers.append(HTTPField(name: .eTag, value: EntityTag.weak(digesting: self.body))) }
        self.headers = headers
    }

    /// The answer to a request that started at `generation`: the kept bytes, each live
    /// component fresh at `generation` (as a page rendered now would say).
    func answer(liveSince generation: UInt64) -> Answer {
        guard !liveSince.isEmpty else { return Answer(status: .ok, headers: headers, html: body) }
        let value = Array(String(generation).utf8)
        var patched = ByteBuffer()
        patched.reserveCapacity(body.readableBytes + liveSince.count * value.count)
        var last = 0
        for range in liveSince {
            patched.writeBytes(body.readableBytesView[last..<range.lowerBound])
            patched.writeBytes(value)
            last = range.upperBound
        }
        patched.writeBytes(body.readableBytesView[last...])
        return Answer(status: .ok, headers: headers, html: patched)
    }

    /// The ranges of the digits after each ` data-tessera-live-since="` in `bytes`.
    private static func liveSinceValues(in bytes: [UInt8]) -> [Range<Int>] {
        let marker = Array(" data-tessera-live-since=\"".utf8)
        var ranges: [Range<Int>] = []
        var index = 0
        while index + marker.count <= bytes.count {
            guard bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) else {
                index += 1
                continue
            }
            let start = index + marker.count
            var end = start
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
            if end > start, end < bytes.count, bytes[end] == UInt8(ascii: "\"") { ranges.append(start..<end) }
            index = end
        }
        return ranges
    }
}
