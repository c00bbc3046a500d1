import HTTPTypes
import NIOCore
import Testing

// MARK: - TestResponse

/// An app's answer to a test request: its head (status and headers), its whole body, and any
/// trailing headers.
public struct TestResponse: Sendable {
    /// The status and headers.
    public let head: HTTPResponse
    /// The body, every byte the app wrote (empty for a `HEAD` request or a body-less status).
    public let body: ByteBuffer
    /// The headers the app sent after the body, if any.
    public let trailerHeaders: HTTPFields?

    /// A response of `head`, `body` and `trailerHeaders`.
    public init(head: HTTPResponse, body: ByteBuffer, trailerHeaders: HTTPFields? = nil) {
        self.head = head
        self.body = body
        self.trailerHeaders = trailerHeaders
    }

    /// The status.
    public var status: HTTPResponse.Status { head.status }

    /// The headers.
    public var headers: HTTPFields { head.headerFields }

    // MARK: - Reading

    /// The body as text (UTF-8).
    public var text: String { String(buffer: body) }

    /// The body parsed as HTML, for ``HTMLDocument/select(_:sourceLocation:)``.
    public var document: HTMLDocument { HTMLDocument(text) }

    /// The elements of the body matching the CSS `selector`.
    public func select(_ selector: String, sourceLocation: SourceLocation = #_sourceLocation) -> [HTMLElement] {
        document.select(selector, sourceLocation: sourceLocation)
    }
}
