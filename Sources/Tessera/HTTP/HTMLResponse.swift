import HTTPTypes
import Hummingbird
import NIOCore

// MARK: - HTMLResponse

/// Builds HTML responses.
enum HTMLResponse {
    /// The content type of every HTML response.
    static let contentType = "text/html; charset=utf-8"
    /// Its header, made (and checked) once.
    private static let contentTypeField = HTTPField(name: .contentType, value: contentType)

    /// `text/html; charset=utf-8` with `bytes` as the body.
    static func make(_ bytes: [UInt8], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        Response(status: status, headers: typed(headers), body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `text/html; charset=utf-8` with what `writer` holds as the body (its buffer, not a copy);
    /// a `200` also carries the weak `ETag` of its bytes (``ConditionalGetMiddleware``).
    static func make(_ writer: consuming HTMLWriter, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        make(writer.takeBuffer(), status: status, headers: headers)
    }

    /// `body` as an HTML response; a `200` gets a weak `ETag` of its bytes.
    static func make(_ body: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = typed(headers)
        if status == .ok, !fields.contains(where: { $0.name == .eTag }) {
            fields.append(HTTPField(name: .eTag, value: EntityTag.weak(digesting: body)))
        }
        return Response(status: status, headers: fields, body: .init(byteBuffer: body))
    }

    /// `headers` with the HTML content type, in place of any other.
    private static func typed(_ headers: HTTPFields) -> HTTPFields {
        var fields = headers
        if fields.contains(where: { $0.name == .contentType }) { fields[.contentType] = nil }
        fields.append(contentTypeField)
        return fields
    }
}
