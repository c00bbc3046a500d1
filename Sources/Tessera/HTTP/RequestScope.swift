import HTTPTypes
import Hummingbird
import NIOCore

// MARK: - RequestScope

/// Everything a scene or component may read about the request it serves.
///
/// Made once per request by the site, before the first hook, and never changed: a component's
/// share (its own query counter, what its caching lets it see) is a new scope, and every hook
/// and component is handed a reference, so passing it along copies nothing.
public final class RequestScope: Sendable {
    /// The HTTP request (method, path, headers).
    public let request: Request
    /// Route parameters (`:id` → `path.id("id")`); bad ids are 404s.
    public let path: Parameters
    /// Query parameters, strictly decoded; bad values are 400s.
    public let query: Parameters
    /// Form fields of a POST (URL-encoded or multipart text fields).
    public let form: Parameters
    /// Files of a multipart POST.
    public let files: [UploadedFile]
    /// The site: templates, database, configuration.
    public let site: Site
    /// Database access counted for this request (or component).
    public let database: CountingDatabase
    /// The visitor's session.
    public let session: Session
    /// Whether the client asked for fragments only (the `X-Tessera-Fragment` header).
    public let wantsFragment: Bool
    /// The connection's peer IP address, if known (see `ClientAddress` for the one throttles
    /// count, which may come from a proxy's header). Written out when first asked for.
    public var clientAddress: String? {
        switch peer {
        case .text(let text): text
        case .socket(let address): address.ipAddress
        }
    }
    /// Where the request came from, kept as the connection gave it.
    private let peer: Peer

    /// A peer address: as text, or the connection's socket address (put into words on demand:
    /// most requests never ask).
    enum Peer: Sendable {
        case text(String?)
        case socket(SocketAddress)
    }
    /// Where this request's reuse of kept values starts (``read(_:)``): set for a page or a
    /// fragment when reuse is on, before its scene reads; nil in an action.
    let reuseStart: FragmentCache.Start?
    /// The members' roles this request read (``hasRole(_:)``, role policies).
    let roleCache: RoleCache

    /// The signed-in user's id, or nil.
    public var userID: Int64? { session.userID }

    /// Whether the signed-in member has `role` (``MemberRoles``); false for a visitor. The
    /// member's roles are read once per request, as a read of this request (a fragment that asks
    /// is not reused after a grant or a revocation).
    public func hasRole(_ role: Role) async throws -> Bool {
        guard let userID else { return false }
        return try await roles(of: userID).contains(role)
    }

    /// Member `memberID`'s roles, read once per request.
    func roles(of memberID: Int64) async throws -> Set<Role> {
        try await roleCache.roles(of: memberID) {
            try await database.read { db in try await MemberRoles.roles(of: memberID, in: db) }
        }
    }

    /// A copy whose database counts into a new child counter (a component's share).
    func forComponent() -> RequestScope {
        copy(database: database.child())
    }

    /// The request as a component reused under `caching` may see it: all of it for
    /// ``FragmentCaching/never``; for ``FragmentCaching/perUser`` the member's id and nothing
    /// else of the viewer's; for ``FragmentCaching/shared`` no viewer at all. Cookies, the
    /// `Authorization` header and the client's address are gone from both, and the session holds
    /// no token, so a reused fragment cannot carry one viewer's data to another whatever its
    /// `load` reads.
    func seenBy(_ caching: FragmentCaching) -> RequestScope {
        guard caching != .never else { return self }
        var head = request.head
        head.headerFields[.cookie] = nil
        head.headerFields[.authorization] = nil
        if let name = site.configuration.clientAddressHeader, let header = HTTPField.Name(name) { head.headerFields[header] = nil }
        return copy(
            request: Request(head: head, body: .init(buffer: .init())),
            session: Session(id: "", userID: caching == .perUser ? session.userID : nil, csrfToken: ""), peer: .text(nil))
    }

    /// A copy whose database commits `claim` with its first write (a guarded submission).
    func claiming(_ claim: FirstWriteClaim) -> RequestScope {
        var database = database
        database.firstWriteClaim = claim
        return copy(database: database)
    }

    /// A copy with form fields and files (after the body was read).
    func with(form: Parameters, files: [UploadedFile]) -> RequestScope {
        copy(form: form, files: files)
    }

    /// A copy whose reuse of kept values starts at `start`.
    func reusing(from start: FragmentCache.Start?) -> RequestScope {
        copy(reuseStart: .some(start))
    }

    /// A copy as `session` sees it, for `request`.
    func seen(as session: Session, request: Request? = nil) -> RequestScope {
        copy(request: request, session: session)
    }

    /// A scope whose peer address is `clientAddress` as text (tests, standalone scopes).
    convenience init(
        request: Request, path: Parameters, query: Parameters, form: Parameters, files: [UploadedFile], site: Site,
        database: CountingDatabase, session: Session, wantsFragment: Bool, clientAddress: String? = nil,
        reuseStart: FragmentCache.Start? = nil
    ) {
        self.init(
            request: request, path: path, query: query, form: form, files: files, site: site, database: database, session: session,
            wantsFragment: wantsFragment, peer: .text(clientAddress), reuseStart: reuseStart)
    }

    /// A scope of `request` with these parts; `peer` is where it came from.
    init(
        request: Request, path: Parameters, query: Parameters, form: Parameters, files: [UploadedFile], site: Site,
        database: CountingDatabase, session: Session, wantsFragment: Bool, peer: Peer, reuseStart: FragmentCache.Start? = nil,
        roleCache: RoleCache = RoleCache()
    ) {
        self.request = request
        self.path = path
        self.query = query
        self.form = form
        self.files = files
        self.site = site
        self.database = database
        self.session = session
        self.wantsFragment = wantsFragment
        self.peer = peer
        self.reuseStart = reuseStart
        self.roleCache = roleCache
    }

    /// This scope with the given values changed.
    private func copy(
        request: Request? = nil, form: Parameters? = nil, files: [UploadedFile]? = nil, database: CountingDatabase? = nil,
        session: Session? = nil, peer: Peer? = nil, reuseStart: FragmentCache.Start?? = nil
    ) -> RequestScope {
        RequestScope(
            request: request ?? self.request, path: path, query: query, form: form ?? self.form, files: files ?? self.files,
            site: site, database: database ?? self.database, session: session ?? self.session, wantsFragment: wantsFragment,
            peer: peer ?? self.peer, reuseStart: reuseStart ?? self.reuseStart, roleCache: roleCache)
    }
}

// MARK: - Standalone scopes

extension RequestScope {
    /// A scope outside HTTP, for loading and rendering components alone (tests, tools, jobs): a
    /// `GET /` with `query` (default none), as `userID` (default nil, a visitor), no form, and a
    /// placeholder CSRF token (64 zeros: its forms look as a page's do, but no post carries it).
    /// Its database counts into a fresh `QueryCounter`.
    public static func standalone(site: Site, query: [(String, String)] = [], userID: Int64? = nil) -> RequestScope {
        RequestScope(
            request: Request(
                head: .init(method: .get, scheme: "http", authority: "localhost", path: "/"), body: .init(buffer: .init())),
            path: Parameters([], origin: .path), query: Parameters(query, origin: .query), form: .none, files: [], site: site,
            database: site.database.counting(into: QueryCounter()), session: Session(id: "", userID: userID, csrfToken: Self.placeholderToken),
            wantsFragment: false)
    }

    /// The CSRF token of standalone scopes.
    static let placeholderToken = String(repeating: "0", count: 64)
}
