import Foundation

// MARK: - MultipartParser

/// A strict `multipart/form-data` parser for bodies already held in memory.
///
/// Anything malformed — no boundary, a part without `Content-Disposition`, a missing closing
/// delimiter — is a 400, never a partial result.
struct MultipartParser {
    /// One part of the body.
    struct Part {
        let name: String
        let filename: String?
        let contentType: String?
        let data: [UInt8]
    }

    let boundary: [UInt8]

    init(boundary: String) { self.boundary = Array(("--" + boundary).utf8) }

    /// The boundary parameter of a `Content-Type` header.
    static func boundary(from contentType: String) throws(RequestError) -> String {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") && pair[1].count >= 2
                    ? String(pair[1].dropFirst().dropLast()) : pair[1]
                if !value.isEmpty, value.utf8.count <= 70 { return value }
            }
        }
        throw .badRequest("The multipart form has no boundary.")
    }

    /// Every part of `body`.
    func parse(_ body: [UInt8]) throws(RequestError) -> [Part] {
        guard var position = find(boundary, in: body, from: 0) else { throw .badRequest("The multipart form is malformed.") }
        var parts: [Part] = []
        while true {
            position += boundary.count
            if body[position...].starts(with: Array("--".utf8)) { return parts }
            guard body[position...].starts(with: Array("\r\n".utf8)) else { throw .badRequest("The multipart form is malformed.") }
            position += 2
            guard let headerEnd = find(Array("\r\n\r\n".utf8), in: body, from: position),
                let next = find(Array("\r\n".utf8) + boundary, in: body, from: headerEnd + 4)
            else { throw .badRequest("The multipart form is malformed.") }
            guard let headers = String(validating: body[position..<headerEnd], as: UTF8.self) else {
                throw .badRequest("The multipart form is not valid UTF-8 text.")
            }
            parts.append(try part(headers: headers, data: Array(body[(headerEnd + 4)..<next])))
            position = next + 2
            if parts.count > 100 { throw .badRequest("The multipart form has too many parts.") }
        }
    }

    private func part(headers: String, data: [UInt8]) throws(RequestError) -> Part {
        var name: String?
        var filename: String?
        var contentType: String?
        for line in headers.split(separator: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let field = pair[0].lowercased()
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            if field == "content-disposition" {
                name = Self.parameter("name", in: value)
                filename = Self.parameter("filename", in: value)
            } else if field == "content-type" {
                contentType = value
            }
        }
        guard let name else { throw .badRequest("A part of the multipart form has no name.") }
        _ = try InputText.decode(name.utf8)  // names follow the same rule as values
        return Part(name: name, filename: filename, contentType: contentType, data: data)
    }

    private static func parameter(_ key: String, in value: String) -> String? {
        for piece in value.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == key else { continue }
            var text = pair[1]
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
            return text
        }
        return nil
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
