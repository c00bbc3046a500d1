import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

// MARK: - LiveHub

/// Where a process's open live streams (`LiveStream`) wait for the app's data to change.
///
/// While any stream is open, the hub looks at what any connection committed — this process's
/// writes, another process's on the same SQLite file or PostgreSQL server
/// (`TesseraDatabase.refreshFromOtherConnections`) — and wakes every stream when the app
/// data's generation moved. It looks when a commit is announced (`TesseraDatabase.commits`:
/// PostgreSQL's `NOTIFY`, SQLite's `SQLiteCommitBell`), at most once per `interval` (20 ms),
/// and once a second in case one was not. Every `heartbeat` it wakes the streams too, so each
/// writes a comment line that keeps proxies from closing it and finds a closed connection. An
/// idle stream is one suspended task: no timer, no thread.
///
/// Each stream renders its components through ``fetch(_:headers:remoteAddress:)``, which asks
/// the app's own router, with the viewer's cookies: a live update passes every guard the
/// component's URL has, and reuses fragments as any request does.
public final class LiveHub: Service, Sendable {
    /// What woke a stream.
    public struct Wakeup: Sendable, Equatable {
        /// The app data's generation.
        var generation: UInt64
        /// How many heartbeats have passed.
        var beat: UInt64
        /// Whether the process is shutting down: streams end.
        var isClosing: Bool
    }

    private struct State {
        var wakeup: Wakeup
        var waiters: [Int: CheckedContinuation<Wakeup, Never>] = [:]
        var nextWaiter = 0
        var streams = 0
        /// Whether a task waits for the server's graceful shutdown (``streamOpened()``).
        var watchesShutdown = false
    }

    /// The least time between two looks for commits: commits closer together are looked at
    /// once.
    let interval: Duration
    /// The longest the hub goes without looking while streams are open, in case a commit was
    /// not announced (a lost notice; a program that rings no SQLite bell).
    static let longestWithoutLook: Duration = .seconds(1)
    /// How often every stream writes a comment line.
    let heartbeat: Duration
    private let database: TesseraDatabase
    private let logger: Logger
    private let state: Mutex<State>
    private let responder = Mutex<(any HTTPResponder<TesseraRequestContext>)?>(nil)
    private let renderCount = Atomic<Int>(0)
    private let writeCount = Atomic<Int>(0)
    /// Rung when a stream opens while none was: the hub waits for it.
    private let firstStreamOpened = Doorbell()
    /// The open streams' acknowledgements of what their tabs' actions answered.
    let inboxes = LiveInboxes()
    /// What streams may follow: the live components the mounted scenes place.
    public let routes = LiveRoutes()
    /// The renders streams share.
    let shared = SharedRenders()
    /// The open streams per viewer, against the site's limits.
    let budget: LiveStreamBudget

    init(
        database: TesseraDatabase, logger: Logger, budget: LiveStreamBudget = LiveStreamBudget(perViewer: 8, perAddress: 64),
        interval: Duration = .milliseconds(20), heartbeat: Duration = .seconds(40)
    ) {
        self.database = database
        self.logger = logger
        self.budget = budget
        self.interval = interval
        self.heartbeat = heartbeat
        state = Mutex(State(wakeup: Wakeup(generation: database.currentGeneration, beat: 0, isClosing: false)))
    }

    // MARK: - Streams

    /// Now: the generation as this request's look at the database left it (or later).
    public var wakeup: Wakeup {
        let generation = database.currentGeneration
        update { $0.generation = max($0.generation, generation) }
        return state.withLock { $0.wakeup }
    }

    /// How many streams are open.
    var openStreams: Int { state.withLock { $0.streams } }

    /// Counts a stream open until ``streamClosed()`` (the first one wakes the hub). When the
    /// server that holds the stream begins a graceful shutdown, every stream ends: the server
    /// stops before the hub's own service does, and it waits for its connections to close. One
    /// task per hub, started with its first stream in the server's own context, waits for that
    /// shutdown: a stream itself holds no handler (an open stream's task keeps the memory its
    /// frames ever took, so each frame it waits under costs every open page).
    func streamOpened() {
        let (first, watch) = state.withLock { state in
            state.streams += 1
            defer { state.watchesShutdown = true }
            return (state.streams == 1, !state.watchesShutdown)
        }
        if first { firstStreamOpened.ring() }
        if watch {
            Task { [weak self] in
                try? await gracefulShutdown()
                self?.update { $0.isClosing = true }
            }
        }
    }

    /// Counts a stream ``streamOpened()`` counted closed.
    func streamClosed() {
        state.withLock { $0.streams -= 1 }
    }

    /// Waits until the wakeup differs from `seen` (a commit, a heartbeat, the shutdown) and
    /// returns it; returns at once if it already does, if the task is cancelled, or when `exit`
    /// ends (the stream's connection closed).
    public func next(after seen: Wakeup, until exit: StreamExit? = nil) async -> Wakeup {
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let stop: @Sendable () -> Void = { [self] in
            let (waiter, now) = state.withLock { ($0.waiters.removeValue(forKey: id), $0.wakeup) }
            waiter?.resume(returning: now)
        }
        defer { _ = exit?.waking(with: nil) }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Wakeup? in
                    guard state.wakeup == seen, !Task.isCancelled else { return state.wakeup }
                    state.waiters[id] = continuation
                    return nil
                }
                if let now {
                    continuation.resume(returning: now)
                } else if let exit, !exit.waking(with: stop) {
                    stop()
                }
            }
        } onCancel: {
            stop()
        }
    }

    /// Sets the wakeup with `change` and wakes every waiting stream if it moved.
    private func update(_ change: (inout Wakeup) -> Void) {
        let woken = state.withLock { state -> (Wakeup, [CheckedContinuation<Wakeup, Never>])? in
            var wakeup = state.wakeup
            change(&wakeup)
            guard wakeup != state.wakeup else { return nil }
            state.wakeup = wakeup
            defer { state.waiters = [:] }
            return (wakeup, Array(state.waiters.values))
        }
        guard let (wakeup, waiters) = woken else { return }
        for waiter in waiters { waiter.resume(returning: wakeup) }
    }

    // MARK: - Rendering

    /// The router streams render through: set once the app's router is built.
    public func attach(_ responder: any HTTPResponder<TesseraRequestContext>) {
        self.responder.withLock { $0 = responder }
    }

    /// The router streams render through, once attached.
    public var attachedResponder: (any HTTPResponder<TesseraRequestContext>)? { responder.withLock { $0 } }

    /// What the router answered a stream's render.
    public struct Render: Sendable {
        public var status: HTTPResponse.Status
        /// The fragment, its tokens as holes (`TokenHoles`).
        public var body: ByteBuffer
        /// The tables the answer was read from.
        var reads: TableSet
        /// The query's names it read (nil: the whole query).
        var queryNames: Set<String>?
        /// The member it was rendered for (nil: a visitor).
        var viewer: Int64?
        /// The row it is keyed by (a child's, ``ChildSlot``'s `table`), if any.
        var row: RowKey?
        /// `LiveStream.digest` of the body.
        public var digest: Int
    }

    /// The router's answer to `GET url` with `headers`, as from `remoteAddress`.
    public func fetch(_ url: String, headers: HTTPFields, remoteAddress: SocketAddress?) async throws -> Render {
        renderCount.add(1, ordering: .relaxed)
        let head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: url, headerFields: headers)
        let reads = RenderedReads()
        let response = try await respond(to: Request(head: head, body: RequestBody(buffer: ByteBuffer())), remoteAddress: remoteAddress, reads: reads)
        let collector = BodyCollector()
        try await response.body.write(collector)
        let body = collector.bytes.buffer.withLock { $0 }
        return Render(
            status: response.status, body: body, reads: reads.tables, queryNames: reads.queryNames, viewer: reads.viewer,
            row: reads.row, digest: LiveStream.digest(of: body))
    }

    /// The router's answer to `request`, as from `remoteAddress`, noting the tables it read in
    /// `reads`; a 503 before the router is attached.
    func respond(to request: Request, remoteAddress: SocketAddress?, reads: RenderedReads = RenderedReads()) async throws -> Response {
        guard let responder = responder.withLock({ $0 }) else { return Response(status: .serviceUnavailable) }
        var context = TesseraRequestContext(inProcess: logger, remoteAddress: remoteAddress)
        context.renderedReads = reads
        return try await responder.respond(to: request, context: context)
    }

    /// How many renders streams asked for since the hub began.
    public var renders: Int { renderCount.load(ordering: .relaxed) }

    /// How many times the hub found new writes while streams were open (each may wake every
    /// stream, and cost a render per stream that follows what changed).
    package var writesSeen: Int { writeCount.load(ordering: .relaxed) }

    /// The app data's versions as of the latest look.
    var versions: DataVersions { database.currentVersions }

    /// Whether a render keyed by `row` that read `reads` at `generation` is still fresh as of
    /// `versions`, whatever other rows changed (`TesseraDatabase.isUnchanged(_:reads:since:in:)`).
    func isUnchanged(_ row: RowKey, reads: TableSet, since generation: UInt64, in versions: DataVersions) -> Bool {
        database.isUnchanged(row, reads: reads, since: generation, in: versions)
    }

    // MARK: - Running

    /// Looks for commits while streams are open, beats, and at shutdown ends every stream.
    public func run() async throws {
        await cancelWhenGracefulShutdown { await self.tick() }
        update { $0.isClosing = true }
    }

    /// While streams are open, until the shutdown: waits for a commit's notice
    /// (`TesseraDatabase.commits`), the next heartbeat or ``longestWithoutLook``, then beats or
    /// looks, at most once per ``interval``. While none is open it waits, costing nothing.
    private func tick() async {
        let clock = ContinuousClock()
        var (lastBeat, lastLook) = (clock.now, clock.now)
        var seen = database.commits.count
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            if openStreams == 0 {
                await untilAStreamOpens()
                (lastBeat, lastLook) = (clock.now, clock.now)
                continue
            }
            let wake = min(lastBeat + heartbeat, lastLook + Self.longestWithoutLook)
            await database.commits.wait(past: seen, timeout: clock.now.duration(to: wake))
            try? await clock.sleep(until: lastLook + interval)  // commits close together: one look
            guard !Task.isCancelled else { break }
            if clock.now >= lastBeat + heartbeat {
                lastBeat = clock.now
                update { $0.beat += 1 }
            }
            let latest = database.commits.count
            guard latest != seen || clock.now >= lastLook + Self.longestWithoutLook else { continue }
            (seen, lastLook) = (latest, clock.now)
            do {
                try await database.refreshFromOtherConnections()
                let generation = database.currentGeneration
                let advanced = state.withLock { $0.wakeup.generation < generation }
                if advanced { writeCount.add(1, ordering: .relaxed) }
                update { $0.generation = max($0.generation, generation) }
            } catch {
                logger.warning("live pages could not look for changes: \(error)")
            }
        }
    }
}

extension LiveHub {
    /// Returns when a stream opens, the shutdown begins or the task is cancelled.
    fileprivate func untilAStreamOpens() async {
        await withGracefulShutdownHandler {
            await firstStreamOpened.wait()
        } onGracefulShutdown: { [firstStreamOpened] in
            firstStreamOpened.ring()
        }
    }
}
