import TesseraDemo

// MARK: - HandwrittenFortunes

/// The reference: the Fortunes page written by hand, appending bytes and escaping by scanning
/// bytes, with no template, no model and no lookups.
enum HandwrittenFortunes {
    static let head = Array(
        "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>".utf8)
    static let tail = Array("</table></body></html>".utf8)
    static let rowStart = Array("<tr><td>".utf8)
    static let cellBreak = Array("</td><td>".utf8)
    static let rowEnd = Array("</td></tr>".utf8)

    static func render(_ fortunes: [Fortune]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(2048)
        out.append(contentsOf: head)
        for fortune in fortunes {
            out.append(contentsOf: rowStart)
            appendInteger(fortune.id, to: &out)
            out.append(contentsOf: cellBreak)
            var message = fortune.message
            message.withUTF8 { appendEscaped($0, to: &out) }
            out.append(contentsOf: rowEnd)
        }
        out.append(contentsOf: tail)
        return out
    }

    private static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        if value < 10 {
            out.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        appendInteger(value / 10, to: &out)
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var start = 0
        for index in 0..<bytes.count {
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default: continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            replacement.withUTF8Buffer { out.append(contentsOf: $0) }
            start = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
    }
}
