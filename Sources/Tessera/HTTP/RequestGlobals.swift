import Synchronization

// MARK: - RequestGlobals

/// The values every template of a request can read, below every view model: Tessera's
/// `csrfToken`, `onceToken`, `backURL` (the page a form is on), `isDevelopment`, `siteName`, `assets` and `notice` (the browser's
/// pending ``Notice`` on a page, taken before rendering), then the app's own globals (Tessera's
/// names win).
///
/// Made once per request without building a dictionary; the one-time token costs 32 random
/// bytes, so it is drawn only when a template reads it, and then kept for the whole request (a
/// visitor's CSRF token is made on first read too, see ``VisitorToken``).
final class RequestGlobals: ViewModel {
    /// The names Tessera provides, whatever the app's globals are.
    static let keys = ["csrfToken", "onceToken", "backURL", "isDevelopment", "siteName", "assets", "notice", "member", "memberPages"]
    /// The lengths of ``keys``, as bits of a word (all are under 64).
    private static let ownLengths: UInt64 = keys.reduce(0) { $0 | 1 << UInt64($1.utf8.count) }

    let app: any ViewModel
    /// The request's session, whose token is made only if a template reads `csrfToken`.
    let session: Session
    let isDevelopment: Bool
    let siteName: String
    let assets: AssetURLs
    let notice: Notice?
    /// The signed-in member (read before rendering: templates render synchronously).
    private let member: CurrentMember?
    let memberPages: MemberPages?
    /// The request, whose page a form names (``RequestPipeline/backURL(of:)``, worked out only
    /// when a template reads `backURL`); nil outside a request.
    private let request: RequestScope?
    private let once = OnceToken()
    /// How many times a template read a value that differs from request to request
    /// (the member, the notice, the app's globals; a token unless it is written as a hole): a
    /// fragment that did is never reused.
    private(set) var personalReads = 0

    init(
        app: any ViewModel, session: Session, isDevelopment: Bool, siteName: String, assets: AssetURLs, notice: Notice? = nil,
        member: CurrentMember? = nil, memberPages: MemberPages? = nil, request: RequestScope? = nil
    ) {
        self.request = request
        self.app = app
        self.notice = notice
        self.member = member
        self.memberPages = memberPages
        self.session = session
        self.isDevelopment = isDevelopment
        self.siteName = siteName
        self.assets = assets
    }

    func value(forKey key: String) -> TemplateValue? {
        // An app's name of a length none of Tessera's has goes to the app without comparing.
        let length = key.utf8.count
        guard length < 64, Self.ownLengths & (1 << UInt64(length)) != 0 else {
            personalReads += 1
            return app.value(forKey: key)
        }
        switch key {
        case "isDevelopment": return .bool(isDevelopment)
        case "siteName": return .string(siteName)
        case "assets": return .object(assets)
        case "csrfToken" where session.writesTokenHoles, "onceToken" where session.writesTokenHoles:
            // Holes, the same in every render, filled for each viewer as the bytes leave.
            session.privacy.set()
            return .string(key == "csrfToken" ? TokenHoles.csrf : TokenHoles.once)
        case "backURL" where session.writesTokenHoles && request?.request.method == .get:
            // The page's path and query: what a kept fragment's key already holds.
            return .string(request.flatMap(RequestPipeline.backURL(of:)) ?? "")
        default: break
        }
        personalReads += 1
        switch key {
        case "csrfToken": return .string(session.csrfToken)
        case "backURL": return .string(request.flatMap(RequestPipeline.backURL(of:)) ?? "")
        case "member":
            guard let member else { return .null }
            session.privacy.set()  // a member's own data
            return .object(member)
        case "memberPages": return memberPages.map { .object($0) } ?? .null
        case "notice": return notice.map { .object($0) } ?? .null
        case "onceToken":
            session.privacy.set()
            return .string(session.writesTokenHoles ? TokenHoles.once : once.value)
        default: return app.value(forKey: key)
        }
    }
}

// MARK: - OnceToken

/// A request's one-time form token, drawn on first read (a page renders on one task; the lock
/// is uncontended and lets the compiler check the box).
private final class OnceToken: Sendable {
    private let token = Mutex<String?>(nil)

    var value: String {
        token.withLock { token in
            if let token { return token }
            let drawn = SessionStore.randomToken()
            token = drawn
            return drawn
        }
    }
}
