import HTTPTypes
import Hummingbird

// MARK: - RequestError

/// A request Tessera will not serve as asked: a bad id, parameter, body or token.
///
/// Thrown from any hook; the site answers with its status and an HTML error page showing
/// `message` (escaped). Nothing has been changed when it is thrown before a write.
public struct RequestError: Error, Sendable, Equatable, HTTPResponseError {
    /// The status to answer with (a 4xx).
    public let status: HTTPResponse.Status
    /// A sentence for the person who sent the request.
    public let message: String
    /// Extra response headers (say `Retry-After`); default none.
    package var headers: HTTPFields = [:]

    /// An error with `status` and `message`.
    package init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// 404: "There is nothing at this address." unless told otherwise.
    public static func notFound(_ message: String = "There is nothing at this address.") -> RequestError {
        RequestError(.notFound, message)
    }

    /// 400 with `message`.
    public static func badRequest(_ message: String) -> RequestError { RequestError(.badRequest, message) }

    /// 403 with `message`.
    package static func forbidden(_ message: String) -> RequestError { RequestError(.forbidden, message) }

    /// 413: the body is larger than allowed.
    package static func tooLarge(limit: Int) -> RequestError {
        RequestError(.contentTooLarge, "The request is larger than the \(limit / 1024) KiB allowed.")
    }

    /// 429 with `message` and `Retry-After: seconds` (at least 1).
    package static func tooManyRequests(_ message: String, retryAfter seconds: Int) -> RequestError {
        var error = RequestError(.tooManyRequests, message)
        error.headers[.retryAfter] = String(max(1, seconds))
        return error
    }

    /// 503 with `message` and `Retry-After: seconds` (at least 1): the server is busy.
    package static func busy(_ message: String, retryAfter seconds: Int) -> RequestError {
        var error = RequestError(.serviceUnavailable, message)
        error.headers[.retryAfter] = String(max(1, seconds))
        return error
    }

    /// A plain-text response (the site's error middleware renders an HTML page instead).
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: message)))
    }
}
