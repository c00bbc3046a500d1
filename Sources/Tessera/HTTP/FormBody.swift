import Hummingbird
import NIOCore

// MARK: - FormBody

/// A POST body, checked in order of cost so that a hostile one is refused before it costs
/// anything: its size as it arrives (a 413), its number of fields (a 400 past ``maximumFields``),
/// then — by the caller, through ``value(of:)`` — its CSRF token, found without decoding the
/// rest; only then is it decoded whole (``decode()``).
///
/// URL-encoded bodies are decoded strictly (a malformed `%` is a 400); multipart bodies go
/// through ``MultipartParser`` (at most ``MultipartParser/maximumParts`` parts). Every field's
/// name and value, in both, passes ``InputText``'s rule; a value keeps its control characters
/// for ``TextField/check(_:)`` to refuse beside its field.
struct FormBody {
    /// More fields than this in a URL-encoded body is a 400 before any is decoded (Django's
    /// default cap, `DATA_UPLOAD_MAX_NUMBER_FIELDS`).
    static let maximumFields = 1_000

    private let buffer: ByteBuffer
    private let kind: Kind

    /// How the body is encoded.
    private enum Kind {
        case empty
        case urlEncoded
        /// Parsed already (its parts are few and found by a linear byte search).
        case multipart([MultipartParser.Part])
    }

    // MARK: - Reading

    /// `request`'s body, read up to `limit` bytes and its fields counted: a 413 over the limit
    /// (by its `Content-Length`, or as it streams in), a 400 for too many fields, a 415 for
    /// another encoding.
    static func read(_ request: Request, limit: Int) async throws -> FormBody {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw RequestError.tooLarge(limit: limit)
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw RequestError.tooLarge(limit: limit)
        }
        guard buffer.readableBytes > 0 else { return FormBody(buffer: buffer, kind: .empty) }
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        if contentType.hasPrefix("application/x-www-form-urlencoded") {
            guard Self.fieldCount(buffer) <= maximumFields else {
                throw RequestError.badRequest("The form has more than \(maximumFields) fields.")
            }
            return FormBody(buffer: buffer, kind: .urlEncoded)
        }
        if contentType.hasPrefix("multipart/form-data") {
            let parser = MultipartParser(boundary: try MultipartParser.boundary(from: request.headers[.contentType] ?? ""))
            // Each part is copied once, straight out of the request's buffer.
            let parts = try buffer.withUnsafeReadableBytes { body throws(RequestError) in try parser.parse(body) }
            return FormBody(buffer: buffer, kind: .multipart(parts))
        }
        throw RequestError(.unsupportedMediaType, "Send the form as application/x-www-form-urlencoded or multipart/form-data.")
    }

    // MARK: - One field

    /// The first value of field `name`, decoded alone: the rest of a URL-encoded body is only
    /// split, byte by byte (the form partial writes the CSRF token first, so it is found at
    /// once). Nil when absent or when it is a file.
    func value(of name: String) throws(RequestError) -> String? {
        switch kind {
        case .empty:
            return nil
        case .urlEncoded:
            return try buffer.withUnsafeReadableBytes { bytes throws(RequestError) in try PercentDecoding.value(named: name, in: bytes) }
        case .multipart(let parts):
            guard let part = parts.first(where: { $0.name == name && $0.filename == nil }) else { return nil }
            return try InputText.decode(part.data)
        }
    }

    // MARK: - Whole

    /// Every field and file, in order.
    func decode() throws(RequestError) -> (Parameters, [UploadedFile]) {
        switch kind {
        case .empty:
            return (Parameters([], origin: .form), [])
        case .urlEncoded:
            let pairs = try buffer.withUnsafeReadableBytes { bytes throws(RequestError) in try PercentDecoding.pairs(in: bytes, keepingControlCharacters: true) }
            return (Parameters(pairs, origin: .form), [])
        case .multipart(let parts):
            var fields: [(String, String)] = []
            for part in parts where part.filename == nil { fields.append((part.name, try InputText.decode(part.data, keepingControlCharacters: true))) }
            let files = parts.compactMap { part in
                part.filename.map { UploadedFile(field: part.name, filename: $0, contentType: part.contentType ?? "", data: part.data) }
            }
            return (Parameters(fields, origin: .form), files)
        }
    }

    // MARK: - Private

    /// The fields of a URL-encoded body: its non-empty pieces between `&`s, counted without
    /// decoding any.
    private static func fieldCount(_ buffer: ByteBuffer) -> Int {
        buffer.withUnsafeReadableBytes { bytes in
            var count = 0
            var pieceIsEmpty = true
            for byte in bytes {
                if byte == UInt8(ascii: "&") {
                    if !pieceIsEmpty { count += 1 }
                    pieceIsEmpty = true
                } else {
                    pieceIsEmpty = false
                }
            }
            return pieceIsEmpty ? count : count + 1
        }
    }
}
