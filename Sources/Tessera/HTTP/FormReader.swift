import Hummingbird
import NIOCore

// MARK: - FormReader

/// Reads a POST body into form fields and files, within a size limit.
///
/// URL-encoded bodies are decoded strictly (a malformed `%` is a 400); multipart bodies go
/// through ``MultipartParser``. Every field's text, in both, passes ``InputText``'s rule. A body over the limit — by its `Content-Length` or as it
/// streams in — is a 413 before anything is parsed.
enum FormReader {
    /// The fields and files of `request`'s body.
    static func read(_ request: Request, limit: Int) async throws -> (Parameters, [UploadedFile]) {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw RequestError.tooLarge(limit: limit)
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw RequestError.tooLarge(limit: limit)
        }
        guard buffer.readableBytes > 0 else { return (Parameters([], origin: .form), []) }
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        if contentType.hasPrefix("application/x-www-form-urlencoded") {
            let text = String(decoding: buffer.readableBytesView, as: UTF8.self)
            return (Parameters(try PercentDecoding.pairs(Substring(text)), origin: .form), [])
        }
        if contentType.hasPrefix("multipart/form-data") {
            let parser = MultipartParser(boundary: try MultipartParser.boundary(from: request.headers[.contentType] ?? ""))
            // Each part is copied once, straight out of the request's buffer.
            let parts = try buffer.withUnsafeReadableBytes { body throws(RequestError) in try parser.parse(body) }
            var fields: [(String, String)] = []
            for part in parts where part.filename == nil { fields.append((part.name, try InputText.decode(part.data))) }
            let files = parts.compactMap { part in
                part.filename.map {
                    UploadedFile(field: part.name, filename: $0, contentType: part.contentType ?? "", data: part.data)
                }
            }
            return (Parameters(fields, origin: .form), files)
        }
        throw RequestError(.unsupportedMediaType, "Send the form as application/x-www-form-urlencoded or multipart/form-data.")
    }
}
