import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization
import TesseraTesting
import Testing

@testable import Tessera

// MARK: - LiveProbe

/// A live stream (``LiveStream``) opened on a site as a browser opens it, its events read as
/// they arrive (inside ``TestSite/withLiveHub(_:)``, which runs the site's look at the
/// database). Every probe ends by itself after 60 s, so a test waiting for an event that never
/// comes fails instead of hanging.
final class LiveProbe: Sendable {
    /// One event as a browser's `EventSource` reads it; a block with an id and no event is one
    /// named "" (a browser dispatches nothing but takes the id as the last one it received).
    struct Event: Sendable {
        let name: String
        let data: String
        let id: String?

        /// The element an `update` carries.
        var element: HTMLElement? { HTMLDocument(data).elements.first }
    }

    private let events: AsyncStream<Event>
    private let tasks: [Task<Void, Never>]

    /// Opens a stream on `site` following `urls` since `since`, as `session` (nil: a visitor
    /// without a cookie), reconnecting after the event `lastEventID` when given: through the
    /// site's router, as a browser's request goes.
    init(
        _ site: Site, following urls: [String], since: String?, as session: TestSession? = nil, lastEventID: String? = nil,
        from address: SocketAddress? = nil
    ) throws {
        let query = (since.map { ["since=\($0)"] } ?? []) + urls.map { "f=" + URLQuery.escape($0) }
        var headers: HTTPFields = [.accept: "text/event-stream"]
        if let session { headers[.cookie] = session.cookie }
        if let lastEventID { headers[LiveStream.lastEventID] = lastEventID }
        let head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: LiveStream.path + "?" + query.joined(separator: "&"), headerFields: headers)
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        self.events = events
        let hub = site.liveHub
        tasks = [
            Task {
                let response = try? await hub.respond(
                    to: Request(head: head, body: RequestBody(buffer: ByteBuffer())), remoteAddress: address ?? Self.nextAddress())
                if let response, response.status == .ok {
                    try? await response.body.write(EventReader(continuation: continuation))
                } else {
                    continuation.yield(Event(name: "refused", data: String(response?.status.code ?? 0), id: nil))
                }
                continuation.finish()
            },
            Task {
                try? await Task.sleep(for: .seconds(60))
                continuation.finish()
            },
        ]
    }

    /// Opens a stream as the client script does on `page`: following the elements `selector`
    /// matches (default every live component) since the oldest generation among them.
    convenience init(_ site: Site, on page: HTMLDocument, _ selector: String = "[data-tessera-live-since]", as session: TestSession? = nil)
        throws
    {
        let live = page.select(selector)
        let since = live.compactMap { $0[attribute: "data-tessera-live-since"].flatMap { UInt64($0) } }.min()
        try self.init(site, following: live.compactMap { $0[attribute: "data-src"] }, since: since.map { String($0) }, as: session)
    }

    /// A client address of its own for each probe (`10.x.y.z`): every probe is another browser,
    /// as far as the streams' share per visitor goes (``LiveStreamBudget``).
    static func nextAddress() -> SocketAddress {
        let number = addresses.add(1, ordering: .relaxed).newValue
        return try! SocketAddress(ipAddress: "10.\((number >> 16) & 255).\((number >> 8) & 255).\(number & 255)", port: 0)
    }

    private static let addresses = Atomic<Int>(0)

    /// The next event named `name` (others are skipped), or nil when the stream ended first.
    func next(_ name: String) async -> Event? {
        await next { $0.name == name }
    }

    /// The next event `matches` accepts (others are skipped), or nil when the stream ended first.
    func next(where matches: (Event) -> Bool) async -> Event? {
        var iterator = events.makeAsyncIterator()
        while let event = await iterator.next() {
            if matches(event) { return event }
        }
        return nil
    }

    /// The next `count` events named `name`.
    func next(_ count: Int, _ name: String) async -> [Event] {
        var found: [Event] = []
        while found.count < count, let event = await next(name) { found.append(event) }
        return found
    }

    /// Ends the stream.
    func close() {
        for task in tasks { task.cancel() }
    }
}

extension TestSite {
    /// Runs `body` while the site's live hub looks for commits and the database listens for
    /// their notices (PostgreSQL), as the served app's services do; the hub closes every stream
    /// afterwards.
    func withLiveHub<T>(_ body: () async throws -> T) async throws -> T {
        let (hub, database) = (site.liveHub, site.database)
        let looking = Task { try? await hub.run() }
        let listening = Task { await database.listenForChanges() }
        defer {
            looking.cancel()
            listening.cancel()
        }
        return try await body()
    }
}

// MARK: - EventReader

/// Reads the `text/event-stream` bytes a stream writes into events.
private struct EventReader: ResponseBodyWriter {
    /// The text of an event not yet ended, shared with every copy of the writer.
    final class Pending: Sendable {
        let text = Mutex("")
    }

    let continuation: AsyncStream<LiveProbe.Event>.Continuation
    let pending = Pending()

    func write(_ buffer: ByteBuffer) async throws {
        let blocks = pending.text.withLock { text -> [Substring] in
            text += String(buffer: buffer)
            var blocks = text.split(separator: "\n\n", omittingEmptySubsequences: false)
            text = String(blocks.removeLast())
            return blocks
        }
        for block in blocks {
            var (name, data, id): (String?, [Substring], String?) = (nil, [], nil)
            for line in block.split(separator: "\n") {
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data.append(line.dropFirst(6)) }
                if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
            }
            if name != nil || id != nil { continuation.yield(LiveProbe.Event(name: name ?? "", data: data.joined(separator: "\n"), id: id)) }
        }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
