import HTTPTypes
import Hummingbird
import NIOCore

// MARK: - LiveStream

/// One open page's live stream: `GET /_tessera/live?since=G&f=URL&f=URL…` with
/// `Accept: text/event-stream`, opened by the client script for the live components
/// (``Component/live``) a page shows, each named by its fragment URL.
///
/// The stream answers with server-sent events. Whenever the app data's generation moves past the
/// one the page was rendered at (`since`, or the `Last-Event-ID` a reconnecting browser sends),
/// it renders again, through the app's router and with the viewer's own cookies, each component
/// one of whose tables changed since its last render (all of them at first; a child keyed by a
/// row, only when its row changed: ``ChildSlot``), and sends the ones
/// whose bytes changed as `update` events (the component's whole element), each with the
/// generation every copy on the page is fresh at as its id. So an update is guarded like the
/// component's own URL, and none is lost to a reconnection or a restart: the next stream catches
/// up from its id. A
/// component its URL no longer shows to this viewer (a 403, a 404, a redirect to sign in) gets a
/// `gone` event and is dropped. A render the server fails (a 5xx, a 429) drops nothing: the
/// component is rendered again at the stream's next wake (a change, or the heartbeat).
///
/// A stream follows only live components its app's scenes place (`LiveRoutes`): anything else
/// in `f` refuses the whole stream with a `400`. Its renders are shared by every stream of the
/// process following the same component for the same member (or any visitor) at the same
/// generation, a few at a time (`SharedRenders`), written with their forms' tokens as holes
/// that each stream fills for its viewer (`TokenHoles`). Each viewer holds a few streams at
/// most (`LiveStreamBudget`), and a stream's work ends with its connection (`StreamExit`).
public struct LiveStream: Sendable {
    /// Where streams are opened.
    public static let path = "/_tessera/live"
    /// The most components one stream follows.
    public static let maxFragments = 32
    /// The longest fragment URL accepted.
    static let maxURLLength = 2048
    /// The request headers a render takes from the stream's request: who the viewer is, and
    /// nothing that would change the answer's form (no `Accept-Encoding`, no `If-None-Match`).
    static let forwardedHeaders: [HTTPField.Name] = [.cookie, .authorization, .userAgent, .acceptLanguage]

    /// Tells nginx not to buffer the stream (`X-Accel-Buffering: no`).
    static let proxyBuffering = HTTPField.Name("X-Accel-Buffering")!

    /// The header a reconnecting browser names the last event it received with.
    package static let lastEventID = HTTPField.Name("Last-Event-ID")!

    /// The header a tab's action names its open stream with (the id of the stream's first
    /// event, `stream`), so the components the action answers with are not sent again.
    public static let streamHeader = HTTPField.Name("X-Tessera-Stream")!

    /// A component the stream follows: the URL its page named it by (what a `gone` event
    /// names), and what it resolved to (`LiveRoutes`).
    struct Target: Sendable {
        let url: String
        let resolved: LiveRoutes.Resolved
    }

    /// Who the stream is for: its renders are this viewer's, its forms carry this viewer's token,
    /// and it counts against this viewer's share (``LiveStreamBudget``).
    struct Viewer: Sendable {
        /// The member signed in, or nil.
        let userID: Int64?
        /// The token a form's CSRF hole is filled with ("" when the visitor has none yet).
        let csrfToken: String
        /// Who the budget counts it against.
        let holder: LiveStreamBudget.Holder
    }

    /// The components followed.
    let targets: [Target]
    /// The generation the page's copies were rendered at; nil when unknown (all are sent).
    let since: UInt64?
    /// The headers each render is made with.
    let headers: HTTPFields
    /// The viewer's address.
    let remoteAddress: SocketAddress?
    /// The viewer's session ("" for none): only its actions may acknowledge what its tab shows.
    let sessionID: String

    // MARK: - Streaming

    /// Writes events to `writer` for `viewer` until the viewer goes (`exit` ends, or a write
    /// fails), the process drains (it says ``farewell`` first), or no component is left. A `since` or `Last-Event-ID`
    /// past the data's generation counts as the generation: a page cannot silence its stream.
    func run(on hub: LiveHub, for viewer: Viewer, exit: StreamExit, into writer: inout any ResponseBodyWriter) async throws {
        hub.streamOpened()
        defer { hub.streamClosed() }
        var wakeup = hub.wakeup
        var following = targets.map { Followed(target: $0, renderedAt: min(since ?? 0, wakeup.generation)) }
        let (id, inbox) = hub.inboxes.open(sessionID: sessionID)
        defer { hub.inboxes.close(id) }
        try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
        try await writer.write(ServerSentEvent(name: "stream", data: id).bytes)
        try await push(&following, for: viewer, from: hub, inbox: inbox, exit: exit, into: &writer)
        while !following.isEmpty {
            let next = await hub.next(after: wakeup, until: exit)
            guard !Task.isCancelled, !exit.hasEnded else { return }
            guard !next.isClosing else {
                try await writer.write(Self.farewell)
                return
            }
            // A component whose render the server failed is tried again at every wake.
            if next.generation != wakeup.generation || following.contains(where: \.failing) {
                try await push(&following, for: viewer, from: hub, inbox: inbox, exit: exit, into: &writer)
            }
            if next.generation == wakeup.generation {
                try await writer.write(ByteBuffer(string: ":\n\n"))
            }
            wakeup = next
        }
    }

    /// What a stream writes when its process drains: a `reconnect` event, and a retry hint of
    /// 0.5 to 3 seconds (spread, so a process's open pages do not all come back at once). The
    /// browser's `EventSource` reconnects by itself after it — to another process, the port of
    /// this one being closed — sending its last event's id, so no update is lost; the client
    /// script sees no error.
    static var farewell: ByteBuffer {
        ByteBuffer(string: "retry: \(Int.random(in: 500...3000))\nevent: reconnect\ndata: draining\n\n")
    }

    /// A component the stream follows, as last rendered.
    private struct Followed: Sendable {
        let target: Target
        /// The hash of the bytes last sent (nil: none yet, the page's copy is unknown).
        var sent: Int? = nil
        /// The tables its last render read (every table before the first), and the generation
        /// the render began at (the page's, before the first).
        var reads = TableSet.all
        var renderedAt: UInt64
        /// Whether its last render failed on the server's side (``isServerFault(_:)``).
        var failing = false
        /// The row its last render was keyed by (a child's, ``ChildSlot``'s `table`), if any.
        var row: RowKey?

        init(target: Target, renderedAt: UInt64) {
            self.target = target
            self.renderedAt = renderedAt
        }
    }

    /// Renders every followed component one of whose tables changed since its last render, and
    /// sends those whose bytes changed; drops the ones this viewer may no longer see. One whose
    /// render failed on the server's side (``isServerFault(_:)``) stays followed as of its last
    /// good render, and until it renders again no event's id is newer than that render, so a
    /// reconnecting browser asks for it again too. Starts no render once `exit` ended.
    ///
    /// The work runs in a task of its own and hands back the events to write: a task keeps the
    /// memory its frames ever took, and the stream's own task lives as long as its page.
    private func push(
        _ following: inout [Followed], for viewer: Viewer, from hub: LiveHub, inbox: LiveInboxes.Inbox,
        exit: StreamExit, into writer: inout any ResponseBodyWriter
    ) async throws {
        // Nothing it follows read a table that changed: no task, no wait (the usual case on a
        // write elsewhere, and at a page's first look).
        let versions = hub.versions
        if following.allSatisfy({ !$0.failing && versions.isUnchanged($0.reads, since: $0.renderedAt) }) { return }
        let given = following
        let work: @Sendable () async throws -> Pushed = {
            try await self.events(given, for: viewer, from: hub, inbox: inbox, exit: exit)
        }
        let pushed = try await Self.apart(work)
        following = pushed.following
        for event in pushed.events { try await writer.write(event) }
    }

    /// ``push(_:for:from:inbox:exit:into:)``'s work: the events to send, and the
    /// components followed afterwards.
    private func events(
        _ given: [Followed], for viewer: Viewer, from hub: LiveHub, inbox: LiveInboxes.Inbox, exit: StreamExit
    ) async throws -> Pushed {
        await inbox.settled()
        // One look for the whole push: every component is checked against it and every id says
        // it, so no update claims less than the data it shows (or more than its neighbours).
        let versions = hub.versions
        let generation = versions.generation
        var (following, events) = (given, [ByteBuffer]())
        var lastID: UInt64?
        var index = 0
        while index < following.count {
            var followed = following[index]
            // The tab's own action answered with this component: its copy is that fresh.
            if let copy = inbox.take(followed.target.url), copy.generation >= followed.renderedAt {
                (followed.renderedAt, followed.sent) = (copy.generation, copy.digest)
            }
            if versions.isUnchanged(followed.reads, since: followed.renderedAt) {
                following[index] = followed
                index += 1
                continue
            }
            // A child keyed by a row whose row nothing changed: as fresh as this look.
            if let row = followed.row, hub.isUnchanged(row, reads: followed.reads, since: followed.renderedAt, in: versions) {
                followed.renderedAt = generation
                following[index] = followed
                index += 1
                continue
            }
            guard !exit.hasEnded else { break }
            let render = try await self.render(followed.target, at: generation, for: viewer, from: hub)
            if Self.isServerFault(render.status) {
                followed.failing = true
                following[index] = followed
                index += 1
                continue
            }
            guard render.status == .ok else {
                following.remove(at: index)
                events.append(ServerSentEvent(name: "gone", data: followed.target.url).bytes)
                continue
            }
            (followed.reads, followed.renderedAt, followed.failing, followed.row) = (render.reads, generation, false, render.row)
            let changed = followed.sent != render.digest
            followed.sent = render.digest
            following[index] = followed
            index += 1
            if changed {
                let id = Self.freshness(of: following, at: generation)
                let body = TokenHoles.fill(render.body, csrfToken: viewer.csrfToken)
                events.append(ServerSentEvent(name: "update", data: String(buffer: body), id: String(id)).bytes)
                lastID = id
            }
        }
        // A render that failed after an update went out: that update's id said too much.
        if let lastID, case let id = Self.freshness(of: following, at: generation), id != lastID {
            events.append(ServerSentEvent.lastEventID(String(id)))
        }
        return Pushed(events: events, following: following)
    }

    /// What a push sends, and what the stream follows afterwards.
    private struct Pushed: Sendable {
        let events: [ByteBuffer]
        let following: [Followed]
    }

    /// `target` rendered for `viewer` at `generation`: the render every stream of this process
    /// following the same key for the same member (or visitor) shares (``SharedRenders``), or,
    /// when that one turned out to be another viewer's (a session that ended meanwhile), this
    /// viewer's own.
    private func render(_ target: Target, at generation: UInt64, for viewer: Viewer, from hub: LiveHub) async throws -> LiveHub.Render {
        let rendering = await hub.routes.rendering(target.resolved)
        let (url, headers, remoteAddress) = (rendering.url, headers, remoteAddress)
        let fetch: @Sendable () async throws -> LiveHub.Render = { try await hub.fetch(url, headers: headers, remoteAddress: remoteAddress) }
        do {
            var render = try await hub.shared.render(SharedRenders.Key(url: rendering.key, viewer: viewer.userID, generation: generation), fetch)
            if render.viewer != viewer.userID { render = try await Self.apart(fetch) }
            guard render.status == .ok else {
                hub.routes.forget(target.resolved.route)
                return render
            }
            // Kept under the key without the items it did not read before the waiting streams learn it.
            let taught = hub.routes.rendering(
                target.resolved, reading: hub.routes.names(adding: render.queryNames, for: target.resolved.route))
            if taught.key != rendering.key {
                hub.shared.keep(render, for: SharedRenders.Key(url: taught.key, viewer: viewer.userID, generation: generation))
            }
            hub.routes.learn(render.queryNames, for: target.resolved.route)
            return render
        } catch {
            hub.routes.forget(target.resolved.route)
            throw error
        }
    }

    /// The generation the page's copies of `following` are all fresh at once the stream's
    /// renders for `generation` are sent: the oldest copy a failed render left behind, if any.
    private static func freshness(of following: [Followed], at generation: UInt64) -> UInt64 {
        min(generation, following.lazy.filter(\.failing).map(\.renderedAt).min() ?? generation)
    }

    /// Whether `status` says the server could not render now (a 5xx, or a 429 asking to come
    /// back later) rather than that this viewer may not see the component.
    static func isServerFault(_ status: HTTPResponse.Status) -> Bool {
        status.kind == .serverError || status == .tooManyRequests
    }

    /// Runs `body` in a task of its own, cancelled with this one. A render's frames go
    /// deep (router, middleware, loaders); a task keeps the memory its frames ever took until it
    /// ends, so in the stream's own task (or a child of it) a render would cost every open page
    /// that much for as long as it stays open.
    private static func apart<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await body() }
        return try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
    }

    /// A hash of a component's bytes, the generation in its root element's
    /// `data-tessera-live-since` left out: a render of unchanged data hashes the same.
    static func digest(of body: ByteBuffer) -> Int { digest(of: Array(body.readableBytesView)) }

    /// ``digest(of:)-(ByteBuffer)`` of bytes in an array.
    static func digest(of bytes: [UInt8]) -> Int {
        var hasher = Hasher()
        let since = ReuseLayer.liveSinceValue(in: bytes) ?? bytes.endIndex..<bytes.endIndex
        bytes[..<since.lowerBound].withUnsafeBytes { hasher.combine(bytes: $0) }
        bytes[since.upperBound...].withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }
}