import HTTPTypes
import Hummingbird
import NIOCore

// MARK: - Answer

/// What the pipeline answers, before it is an HTTP response: markup with a status and headers,
/// or a place to go.
struct Answer {
    var status: HTTPResponse.Status = .ok
    var headers: HTTPFields = [:]
    /// The markup; nil for a redirect.
    var html: ByteBuffer?
    /// Where the browser goes instead, on this site.
    var location: String?
    /// For a fragment of a child keyed by a row (``ChildSlot``'s `table`), the row.
    var row: RowKey?

    /// The HTTP response: the markup, or a `303` to ``location`` — for the client script
    /// (`forScript`) a `200` with the header naming it, since `fetch` would follow a `303` itself.
    func response(forScript: Bool) -> Response {
        guard let location else { return HTMLResponse.make(html ?? ByteBuffer(), status: status, headers: headers) }
        var fields = headers
        if forScript {
            fields[RequestPipeline.redirectHeader] = location
            return Response(status: .ok, headers: fields)
        }
        fields[.location] = location
        return Response(status: .seeOther, headers: fields)
    }
}
