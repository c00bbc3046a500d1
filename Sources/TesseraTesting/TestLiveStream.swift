import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization
import Testing

import Tessera

// MARK: - TestLiveStream

/// A page's live stream (`GET /_tessera/live`) opened in the test's process as a browser's
/// `EventSource` opens it, its events read as they arrive. Run it inside
/// ``TestApp/withLiveUpdates(_:)``, which has the site look for commits as the served app does.
///
/// ```swift
/// try await app.test { client in
///     try await app.withLiveUpdates {
///         let page = try await client.get("/books/1").document
///         let stream = TestLiveStream(app.site, on: page)
///         defer { stream.close() }
///         _ = try await client.post("/books/1/reviews", [("text", "Gripping")], as: reader)
///         let update = try #require(await stream.next("update")?.element)
///         #expect(update.select("#reviews li").count == 1)
///     }
/// }
/// ```
///
/// The stream goes through the site's router (made by ``TestApp/test(keepingFiles:_:)``; before
/// that it is refused with 503). Every stream ends by itself after 60 s, so a test waiting for
/// an event that never comes fails instead of hanging.
public final class TestLiveStream: Sendable {
    /// One event as a browser's `EventSource` reads it; a block with an id and no event is one
    /// named "" (a browser dispatches nothing but takes the id as the last one it received).
    /// A stream the site refused ends with one event named `refused` whose data is the status code.
    public struct Event: Sendable {
        /// The event's name: `stream`, `update`, `gone`, `refused`, or "" for an id alone.
        public let name: String
        /// Its data lines, joined by newlines.
        public let data: String
        /// Its id, if it had one.
        public let id: String?

        /// The element an `update` carries.
        public var element: HTMLElement? { HTMLDocument(data).elements.first }
    }

    private let events: AsyncStream<Event>
    private let tasks: [Task<Void, Never>]

    /// Opens a stream on `site` following the component URLs `urls` since the generation
    /// `since`, as `session` (default none: a visitor without a cookie), reconnecting after the
    /// event `lastEventID` when given, from `address` (default a new `10.x.y.z` address for each
    /// stream: each is another browser as far as a viewer's share of streams goes).
    public init(
        _ site: Site, following urls: [String], since: String?, as session: TestSession? = nil, lastEventID: String? = nil,
        from address: SocketAddress? = nil
    ) {
        let query = (since.map { ["since=\($0)"] } ?? []) + urls.map { "f=" + URLQuery.escape($0) }
        var headers: HTTPFields = [.accept: "text/event-stream"]
        if let session { headers[.cookie] = session.cookie }
        if let lastEventID { headers[LiveStream.lastEventID] = lastEventID }
        let head = HTTPRequest(
            method: .get, scheme: "http", authority: "localhost", path: LiveStream.path + "?" + query.joined(separator: "&"),
            headerFields: headers)
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        self.events = events
        let (responder, logger, address) = (site.liveHub.attachedResponder, site.logger, address ?? Self.nextAddress())
        tasks = [
            Task {
                let context = TesseraRequestContext(inProcess: logger, remoteAddress: address)
                let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
                let response = try? await responder?.respond(to: request, context: context)
                if let response, response.status == .ok {
                    try? await response.body.write(EventReader(continuation: continuation))
                } else {
                    continuation.yield(Event(name: "refused", data: String(response?.status.code ?? 503), id: nil))
                }
                continuation.finish()
            },
            Task {
                try? await Task.sleep(for: .seconds(60))
                continuation.finish()
            },
        ]
    }

    /// Opens a stream on `site` as the client script does on `page`: following the elements
    /// `selector` matches (default every live component) since the oldest generation among them.
    public convenience init(
        _ site: Site, on page: HTMLDocument, _ selector: String = "[data-tessera-live-since]", as session: TestSession? = nil
    ) {
        let live = page.select(selector)
        let since = live.compactMap { $0[attribute: "data-tessera-live-since"].flatMap { UInt64($0) } }.min()
        self.init(site, following: live.compactMap { $0[attribute: "data-src"] }, since: since.map { String($0) }, as: session)
    }

    /// The next event named `name` (others are skipped), or nil when the stream ended first.
    public func next(_ name: String) async -> Event? {
        await next { $0.name == name }
    }

    /// The next event `matches` accepts (others are skipped), or nil when the stream ended first.
    public func next(where matches: (Event) -> Bool) async -> Event? {
        var iterator = events.makeAsyncIterator()
        while let event = await iterator.next() {
            if matches(event) { return event }
        }
        return nil
    }

    /// The next `count` events named `name` (fewer when the stream ended first).
    public func next(_ count: Int, _ name: String) async -> [Event] {
        var found: [Event] = []
        while found.count < count, let event = await next(name) { found.append(event) }
        return found
    }

    /// Ends the stream, as a browser closing the page.
    public func close() {
        for task in tasks { task.cancel() }
    }

    // MARK: - Private

    /// A client address of its own for each stream (`10.x.y.z`).
    private static func nextAddress() -> SocketAddress {
        let number = addresses.add(1, ordering: .relaxed).newValue
        return try! SocketAddress(ipAddress: "10.\((number >> 16) & 255).\((number >> 8) & 255).\(number & 255)", port: 0)
    }

    private static let addresses = Atomic<Int>(0)
}

// MARK: - Live updates

extension TestApp {
    /// Runs `body` while the site brings open live streams up to date, as the served app's
    /// services do: its live hub looks for commits (this process's and, on PostgreSQL, other
    /// processes' notices, which the database listens for); both stop when `body` ends, and the
    /// hub's streams with them. Open ``TestLiveStream``s inside it.
    public func withLiveUpdates<T>(_ body: () async throws -> T) async throws -> T {
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

    let continuation: AsyncStream<TestLiveStream.Event>.Continuation
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
            if name != nil || id != nil {
                continuation.yield(TestLiveStream.Event(name: name ?? "", data: data.joined(separator: "\n"), id: id))
            }
        }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
