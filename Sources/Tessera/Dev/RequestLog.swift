import Synchronization

// MARK: - RequestLog

/// What one request did, gathered while it runs and logged as one line when it ends.
///
/// The ``RequestLogMiddleware`` makes one per request and binds it as a task local; the scene
/// runner adds each component's load time and SQL count to it.
final class RequestLog: Sendable {
    /// The log of the request running in this task, if any.
    @TaskLocal public static var current: RequestLog?

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

    /// An empty log.
    init() {}

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
