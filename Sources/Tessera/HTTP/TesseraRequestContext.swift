import Hummingbird
import Logging
import NIOCore

// MARK: - TesseraRequestContext

/// The Hummingbird request context of a Tessera site: the core storage plus the visitor's
/// session, which `SessionMiddleware` fills in before any scene runs.
public struct TesseraRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's own per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The visitor's session; nil only before the session middleware ran.
    package var session: Session? {
        get { sessionBox?.session }
        set { sessionBox = newValue.map(SessionBox.init) }
    }
    /// The session, out of line: Hummingbird's frames copy the context at every step, and an
    /// open live stream keeps them for as long as its page stays open.
    private var sessionBox: SessionBox?
    /// The connection's peer address (a fixed loopback address for in-process test requests).
    public var remoteAddress: SocketAddress?
    /// Whether the response holds something private to one person (shared by every copy).
    let privacy = PrivateResponseMark()
    /// Where a live stream's render learns the tables its answer read (nil for any other request).
    var renderedReads: RenderedReads?
    /// Completed when the request's connection closes (nil for a request made in the process):
    /// a live stream ends with it.
    let connectionClosed: EventLoopFuture<Void>?

    /// A context for a new request.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        connectionClosed = source.channel.closeFuture
    }

    /// A context for a request made in the process itself, with no connection: its peer is
    /// `remoteAddress` (TesseraTesting gives every such request the loopback address, so
    /// throttles count it as a browser on the same machine; a live stream gives its own peer's).
    package init(inProcess logger: Logger, remoteAddress: SocketAddress?) {
        coreContext = .init(source: InProcessSource(logger: logger))
        self.remoteAddress = remoteAddress
        connectionClosed = nil
    }

    /// Bodies are collected by Tessera itself with explicit limits; this is Hummingbird's cap
    /// for anything else (1 MiB).
    public var maxUploadSize: Int { 1 << 20 }
}

// MARK: - InProcessSource

/// The source of an in-process request's context: only its logger, no channel.
private struct InProcessSource: RequestContextSource {
    let logger: Logger
}

// MARK: - SessionBox

/// A request's session, held by reference (see ``TesseraRequestContext/session``).
private final class SessionBox: Sendable {
    let session: Session

    init(_ session: Session) { self.session = session }
}
