import Hummingbird
import Logging
import NIOCore

// MARK: - TesseraRequestContext

/// The Hummingbird request context of a Tessera site: the core storage plus the visitor's
/// session, which ``SessionMiddleware`` fills in before any scene runs.
public struct TesseraRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's own per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The visitor's session; nil only before the session middleware ran.
    public var session: Session?
    /// The connection's peer address (nil when there is no socket, as in router tests).
    public var remoteAddress: SocketAddress?
    /// Whether the response holds something private to one person (shared by every copy).
    let privacy = PrivateResponseMark()

    /// A context for a new request.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// Bodies are collected by Tessera itself with explicit limits; this is Hummingbird's cap
    /// for anything else (1 MiB).
    public var maxUploadSize: Int { 1 << 20 }
}
