import HTTPTypes
import Hummingbird

// MARK: - RequestScope

/// Everything a scene or component may read about the request it serves.
///
/// Made once per request by the site, before the first hook; each component gets a copy whose
/// ``database`` counts into the component's own ``QueryCounter``.
public struct RequestScope: Sendable {
    /// The HTTP request (method, path, headers).
    public internal(set) var request: Request
    /// Route parameters (`:id` → `path.id("id")`); bad ids are 404s.
    public let path: Parameters
    /// Query parameters, strictly decoded; bad values are 400s.
    public let query: Parameters
    /// Form fields of a POST (URL-encoded or multipart text fields).
    public internal(set) var form: Parameters
    /// Files of a multipart POST.
    public internal(set) var files: [UploadedFile]
    /// The site: templates, database, configuration.
    public let site: Site
    /// Database access counted for this request (or component).
    public internal(set) var database: CountingDatabase
    /// The visitor's session.
    public internal(set) var session: Session
    /// Whether the client asked for fragments only (the `X-Tessera-Fragment` header).
    public let wantsFragment: Bool
    /// The connection's peer IP address, if known (see `ClientAddress` for the one throttles
    /// count, which may come from a proxy's header).
    public internal(set) var clientAddress: String?
    /// Where this request's reuse of kept values starts (``read(_:)``): set for a page or a
    /// fragment when reuse is on, before its scene reads; nil in an action.
    var reuseStart: FragmentCache.Start?

    /// The signed-in user's id, or nil.
    public var userID: Int64? { session.userID }

    /// A copy whose database counts into a new child counter (a component's share).
    func forComponent() -> RequestScope {
        var scope = self
        scope.database = database.child()
        return scope
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
        var scope = self
        scope.request = Request(head: head, body: .init(buffer: .init()))
        scope.session = Session(id: "", userID: caching == .perUser ? session.userID : nil, csrfToken: "")
        scope.clientAddress = nil
        return scope
    }

    /// A copy whose database commits `claim` with its first write (a guarded submission).
    func claiming(_ claim: FirstWriteClaim) -> RequestScope {
        var scope = self
        scope.database.firstWriteClaim = claim
        return scope
    }

    /// A copy with form fields and files (after the body was read).
    func with(form: Parameters, files: [UploadedFile]) -> RequestScope {
        var scope = self
        (scope.form, scope.files) = (form, files)
        return scope
    }

    init(
        request: Request, path: Parameters, query: Parameters, form: Parameters, files: [UploadedFile], site: Site,
        database: CountingDatabase, session: Session, wantsFragment: Bool
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
    }
}

// MARK: - Standalone scopes

extension RequestScope {
    /// A scope outside HTTP, for loading and rendering components alone (tests, tools, jobs): a
    /// `GET /` with `query` (default none), as `userID` (default nil, a visitor), no form, and a
    /// placeholder CSRF token (64 zeros: its forms look as a page's do, but no post carries it).
    /// Its database counts into a fresh ``QueryCounter``.
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
