import HTTPTypes
import Hummingbird
import NIOCore

// MARK: - Reading the request

extension LiveStream {
    /// The stream `request` asks for; a ``RequestError`` (400) when it names no fragment, too
    /// many, or one that is not a live component's fragment URL of this site (`LiveRoutes`):
    /// the whole list is refused before anything renders. The list is read one item at a time
    /// and refused as soon as it is too long.
    public init(_ request: Request, routes: LiveRoutes, remoteAddress: SocketAddress?, sessionID: String, clientAddressHeader: String?) throws {
        let query = request.uri.query ?? ""
        guard query.utf8.count <= Self.maxQueryLength else {
            throw RequestError.badRequest("a live stream follows 1 to \(Self.maxFragments) components")
        }
        var targets: [Target] = []
        var seen: Set<String> = []
        var since: UInt64?
        for piece in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = piece.firstIndex(of: UInt8(ascii: "=")) ?? piece.endIndex
            let name = try PercentDecoding.decode(bytes: piece[..<equals])
            let value = equals == piece.endIndex ? "" : try PercentDecoding.decode(bytes: piece[piece.index(after: equals)...])
            switch name {
            case "f":
                guard seen.insert(value).inserted else { continue }
                guard seen.count <= Self.maxFragments else {
                    throw RequestError.badRequest("a live stream follows 1 to \(Self.maxFragments) components")
                }
                guard Self.isFragmentURL(value), let resolved = try routes.resolve(value) else {
                    throw RequestError.badRequest("f is not the fragment URL of a live component of this site")
                }
                targets.append(Target(url: value, resolved: resolved))
            case "since":
                guard let number = UInt64(value) else { throw RequestError.badRequest("since must be a generation") }
                since = number
            default:
                throw RequestError.badRequest("a live stream takes only f and since")
            }
        }
        guard !targets.isEmpty else {
            throw RequestError.badRequest("a live stream follows 1 to \(Self.maxFragments) components")
        }
        if let lastEvent = request.headers[Self.lastEventID] {
            guard let number = UInt64(lastEvent) else { throw RequestError.badRequest("Last-Event-ID must be a generation") }
            since = number
        }
        // Asked for as the client script asks for a fragment: a render is never a page (it
        // takes no notice waiting for the viewer's next page, and writes no layout).
        var headers: HTTPFields = [RequestPipeline.fragmentHeader: "1"]
        for name in Self.forwardedHeaders + (clientAddressHeader.flatMap { HTTPField.Name($0) }.map { [$0] } ?? []) {
            for value in request.headers[values: name] { headers.append(HTTPField(name: name, value: value)) }
        }
        self.targets = targets
        self.since = since
        self.headers = headers
        self.remoteAddress = remoteAddress
        self.sessionID = sessionID
    }

    /// The longest query accepted: as many of the longest fragment URLs as a stream follows,
    /// each escaped.
    static let maxQueryLength = maxFragments * (maxURLLength * 3 + 3) + 64

    /// Whether `url` is a path on this site to a component's fragment (`…/_/…`): no scheme, no
    /// host, no control characters, not too long.
    static func isFragmentURL(_ url: String) -> Bool {
        url.utf8.count <= maxURLLength && url.hasPrefix("/") && !url.hasPrefix("//") && url.contains("/_/")
            && !url.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }
    }
}
