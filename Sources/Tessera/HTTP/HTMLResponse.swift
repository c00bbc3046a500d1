import HTTPTypes
import Hummingbird
import NIOCore

// MARK: - HTMLResponse

/// Builds HTML responses.
enum HTMLResponse {
    /// `text/html; charset=utf-8` with `bytes` as the body.
    static func make(_ bytes: [UInt8], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `text/html; charset=utf-8` with what `writer` holds as the body (its buffer, not a copy);
    /// a `200` also carries the weak `ETag` of its bytes (``ConditionalGetMiddleware``).
    static func make(_ writer: consuming HTMLWriter, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        make(writer.takeBuffer(), status: status, headers: headers)
    }

    /// `body` as an HTML response; a `200` gets a weak `ETag` of its bytes.
    static func make(_ body: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        if status == .ok, fields[.eTag] == nil { fields[.eTag] = EntityTag.weak(digesting: body) }
        return Response(status: status, headers: fields, body: .init(byteBuffer: body))
    }
}
