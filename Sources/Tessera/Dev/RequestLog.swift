import Synchronization

// MARK: - RequestLog

/// What one request did, gathered while it runs and logged as one line when it ends.
///
/// The ``RequestLogMiddleware`` makes one per request and binds it as a task local; the scene
/// runner adds each component's load time and SQL count to it.
final class RequestLog: Sendable {
    /// The log of the request running in this task, if any.
    @TaskLocal package static var current: RequestLog?

    /// One component's share.
    struct ComponentEntry: Sendable, Equatable {
        /// The component's id.
        let id: String
        /// How long its `load` took.
        let duration: Duration
        /// The SQL statements its `load` ran.
        let queries: Int
    }

    private let state = Mutex<(components: [ComponentEntry], queries: Int)>(([], 0))
    private let reusedCount = Atomic<Int>(0)
    private let pageWasKept = Atomic<Bool>(false)
    private let who = Mutex<(requestID: String?, member: Int64?, failure: (any Error)?)>((nil, nil, nil))

    /// An empty log, for the request `requestID` names (nil: one is made when first asked for).
    init(requestID: String? = nil) {
        who.withLock { $0.requestID = requestID }
    }

    // MARK: - Who and what

    /// The request's id: the one it came with (a proxy's `X-Request-ID`), or 16 random hex
    /// digits made when first asked for. Jobs the request enqueues carry it (`JobContext`).
    var requestID: String {
        who.withLock { state in
            if let id = state.requestID { return id }
            let id = Digests.randomHex(bytes: 8)
            state.requestID = id
            return id
        }
    }

    /// Notes the member the request's session is signed in as.
    func setMember(_ id: Int64?) { who.withLock { $0.member = id } }

    /// The member the request's session was signed in as, or nil for a visitor.
    var member: Int64? { who.withLock { $0.member } }

    /// Notes the error a `5xx` answer was made from (the error page middleware catches it).
    func setFailure(_ error: any Error) { who.withLock { $0.failure = error } }

    /// The error the answer was made from, if it was one.
    var failure: (any Error)? { who.withLock { $0.failure } }

    /// Adds a component's load.
    func add(component id: String, duration: Duration, queries: Int) {
        state.withLock { $0.components.append(ComponentEntry(id: id, duration: duration, queries: queries)) }
    }

    /// Counts a component written from an earlier request's fragment (it did not load).
    func addReused() { reusedCount.add(1, ordering: .relaxed) }

    /// How many components were written from earlier requests' fragments.
    var reused: Int { reusedCount.load(ordering: .relaxed) }

    /// Notes that the answer was a visitor's page kept from an earlier request.
    func setPageKept() { pageWasKept.store(true, ordering: .relaxed) }

    /// Whether the answer was a visitor's page kept from an earlier request.
    var pageKept: Bool { pageWasKept.load(ordering: .relaxed) }

    /// Sets the request's total SQL count.
    func setTotalQueries(_ count: Int) { state.withLock { $0.queries = max($0.queries, count) } }

    /// The components, in the order they finished loading.
    var components: [ComponentEntry] { state.withLock { $0.components } }

    /// The request's SQL statements (components and scene).
    var queries: Int { state.withLock { $0.queries } }
}
