import Foundation

// MARK: - MultipartParser

/// A strict `multipart/form-data` parser (RFC 7578) for bodies already held in memory.
///
/// Anything malformed — no boundary, a part without `Content-Disposition` or a name, a missing
/// closing delimiter, more than ``maximumParts`` parts — is a 400, never a partial result. Header
/// parameters are read as RFC 7578 and 6266 write them: `token` or `"quoted string"` (with `\`
/// escapes; a `;` inside quotes is text), and `filename*=UTF-8''…` (percent-encoded) preferred
/// to `filename`. Each part's bytes are copied once, out of the request's buffer.
///
/// (vapor/multipart-kit, the package at hand, splits `Content-Disposition` on `;` and `=` even
/// inside quotes, the very problem this parser fixes, so it is not used.)
struct MultipartParser {
    /// One part of the body.
    struct Part {
        let name: String
        let filename: String?
        let contentType: String?
        let data: [UInt8]
    }

    /// More parts than this is a 400.
    static let maximumParts = 100

    let boundary: [UInt8]

    init(boundary: String) { self.boundary = Array(("--" + boundary).utf8) }

    /// The boundary parameter of a `Content-Type` header.
    static func boundary(from contentType: String) throws(RequestError) -> String {
        let parameters = Self.parameters(contentType[...].drop { $0 != ";" })
        guard let value = parameters.first(where: { $0.key == "boundary" })?.value, !value.isEmpty, value.utf8.count <= 70 else {
            throw .badRequest("The multipart form has no boundary.")
        }
        return value
    }

    /// Every part of `body`.
    func parse(_ body: UnsafeRawBufferPointer) throws(RequestError) -> [Part] {
        guard var position = find(boundary, in: body, from: 0) else { throw .badRequest("The multipart form is malformed.") }
        var parts: [Part] = []
        while true {
            position += boundary.count
            if starts(body, at: position, with: Self.dashes) { return parts }
            guard starts(body, at: position, with: Self.lineBreak) else { throw .badRequest("The multipart form is malformed.") }
            position += 2
            guard let headerEnd = find(Self.headerEnd, in: body, from: position),
                let next = find(Self.lineBreak + boundary, in: body, from: headerEnd + 4)
            else { throw .badRequest("The multipart form is malformed.") }
            guard let headers = String(validating: body[position..<headerEnd], as: UTF8.self) else {
                throw .badRequest("The multipart form is not valid UTF-8 text.")
            }
            guard parts.count < Self.maximumParts else { throw .badRequest("The multipart form has too many parts.") }
            parts.append(try part(headers: headers, data: Array(body[(headerEnd + 4)..<next])))
            position = next + 2
        }
    }

    // MARK: - Headers

    private func part(headers: String, data: [UInt8]) throws(RequestError) -> Part {
        var disposition: [(key: String, value: String)]?
        var contentType: String?
        for line in headers.split(separator: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let field = pair[0].lowercased()
            if field == "content-disposition" {
                let value = pair[1].drop { $0 == " " || $0 == "\t" }
                guard value.lowercased().hasPrefix("form-data") else { throw .badRequest("A part of the multipart form is not form data.") }
                disposition = Self.parameters(value.drop { $0 != ";" })
            } else if field == "content-type" {
                contentType = pair[1].trimmingCharacters(in: .whitespaces)
            }
        }
        guard let disposition, let name = disposition.first(where: { $0.key == "name" })?.value else {
            throw .badRequest("A part of the multipart form has no name.")
        }
        _ = try InputText.decode(name.utf8)  // names follow the same rule as values
        let extended = disposition.first { $0.key == "filename*" }.flatMap { Self.extendedValue($0.value) }
        let filename = extended ?? disposition.first { $0.key == "filename" }?.value
        return Part(name: name, filename: filename, contentType: contentType, data: data)
    }

    /// The `; key=value` parameters of a header value from its first `;`: keys lowercased,
    /// values as tokens or quoted strings (RFC 9110 §5.6.6), in order. A malformed rest ends the
    /// list.
    static func parameters(_ text: Substring) -> [(key: String, value: String)] {
        var result: [(key: String, value: String)] = []
        var rest = text
        while let semicolon = rest.firstIndex(of: ";") {
            rest = rest[rest.index(after: semicolon)...].drop { $0 == " " || $0 == "\t" }
            guard let equals = rest.firstIndex(of: "=") else { break }
            let key = rest[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            rest = rest[rest.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            var value = ""
            if rest.first == "\"" {
                var index = rest.index(after: rest.startIndex)
                var closed = false
                while index < rest.endIndex {
                    let character = rest[index]
                    if character == "\\", rest.index(after: index) < rest.endIndex {
                        index = rest.index(after: index)
                        value.append(rest[index])
                    } else if character == "\"" {
                        closed = true
                        break
                    } else {
                        value.append(character)
                    }
                    index = rest.index(after: index)
                }
                guard closed else { break }
                rest = rest[rest.index(after: index)...]
            } else {
                let end = rest.firstIndex(of: ";") ?? rest.endIndex
                value = rest[..<end].trimmingCharacters(in: .whitespaces)
                rest = rest[end...]
            }
            result.append((key, value))
        }
        return result
    }

    /// An RFC 8187 value (`UTF-8'lang'percent-encoded`), decoded; nil for another charset or bad
    /// encoding (the plain `filename` is used then).
    static func extendedValue(_ text: String) -> String? {
        let pieces = text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3, pieces[0].lowercased() == "utf-8" else { return nil }
        return pieces[2].removingPercentEncoding
    }

    // MARK: - Bytes

    private static let dashes = Array("--".utf8)
    private static let lineBreak = Array("\r\n".utf8)
    private static let headerEnd = Array("\r\n\r\n".utf8)

    private func starts(_ haystack: UnsafeRawBufferPointer, at position: Int, with prefix: [UInt8]) -> Bool {
        haystack.count - position >= prefix.count && haystack[position..<(position + prefix.count)].elementsEqual(prefix)
    }

    private func find(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
