import Foundation
import NIOCore

// MARK: - TokenHoles

/// The places in a render where a form's per-request tokens go, filled at the edge.
///
/// A live stream renders a component once for every page open on it, and compares what it
/// rendered with what it sent before; an action's answer tells the tab's stream what it holds.
/// A form's CSRF token differs per viewer and its one-time token per render, so written into
/// the render they would make every copy look new, and a copy rendered for one viewer useless
/// to the next. So those renders write a hole instead of each token (a session with
/// `Session.withTokenHoles()`), compare and share the bytes with their holes, and fill them
/// (``fill(_:csrfToken:)``) only as the bytes leave for one viewer: that viewer's CSRF token,
/// and a fresh one-time token in each form.
///
/// A hole is 64 letters and digits drawn when the process starts (so nothing an app shows
/// can forge one), then `c` or `o`: the same length as the tokens they stand for.
public enum TokenHoles {
    /// What every hole starts with.
    static let mark: [UInt8] = Array(("th" + SessionStore.randomToken().prefix(62)).utf8)
    /// The hole a CSRF token goes in.
    public static let csrf = String(decoding: mark + [UInt8(ascii: "c")], as: UTF8.self)
    /// The hole a one-time token goes in.
    public static let once = String(decoding: mark + [UInt8(ascii: "o")], as: UTF8.self)

    /// `bytes` with every hole filled: `csrfToken` in a CSRF hole, a fresh random token in each
    /// one-time hole. Bytes without a hole come back as they are, and `csrfToken` is read only
    /// when there is a CSRF hole (reading a visitor's makes it, and marks the response private).
    public static func fill(_ bytes: ByteBuffer, csrfToken: @autoclosure () -> String) -> ByteBuffer {
        bytes.withUnsafeReadableBytes { raw in
            guard var found = firstMark(in: raw, from: 0) else { return bytes }
            var filled = ByteBuffer()
            var token: String?
            filled.reserveCapacity(raw.count + 64)
            var start = 0
            while true {
                filled.writeBytes(UnsafeRawBufferPointer(rebasing: raw[start..<found]))
                let kind = found + mark.count < raw.count ? raw[found + mark.count] : 0
                switch kind {
                case UInt8(ascii: "c"):
                    if token == nil { token = csrfToken() }
                    filled.writeString(token ?? "")
                case UInt8(ascii: "o"): filled.writeString(SessionStore.randomToken())
                default: filled.writeBytes(UnsafeRawBufferPointer(rebasing: raw[found..<min(found + mark.count + 1, raw.count)]))
                }
                start = min(found + mark.count + 1, raw.count)
                guard let next = firstMark(in: raw, from: start) else { break }
                found = next
            }
            filled.writeBytes(UnsafeRawBufferPointer(rebasing: raw[start...]))
            return filled
        }
    }

    /// The offset of the first ``mark`` in `raw` at or after `start` (`memchr` for its first
    /// byte, then `memcmp`: a page is searched on every member's request).
    private static func firstMark(in raw: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = raw.baseAddress else { return nil }
        return mark.withUnsafeBytes { needle -> Int? in
            let (first, count) = (Int32(needle[0]), needle.count)
            var index = start
            while index + count <= raw.count {
                guard let found = memchr(base + index, first, raw.count - count + 1 - index) else { return nil }
                let offset = base.distance(to: UnsafeRawPointer(found))
                if memcmp(found, needle.baseAddress!, count) == 0 { return offset }
                index = offset + 1
            }
            return nil
        }
    }
}
