import HTTPTypes
import Hummingbird

// MARK: - Notices

/// Where an action's ``Notice`` goes: in place with the fragments for the client script, or
/// kept for the next page otherwise (see ``Notice``).
extension RequestPipeline {
    /// Whether `result`'s notice goes out with the fragments (the client script, no redirect).
    static func showsNoticeInPlace(_ result: AnyActionResult, _ scope: RequestScope) -> Bool {
        guard scope.wantsFragment else { return false }
        if case .redirect = result.outcome { return false }
        return true
    }

    /// Stores `notice` for the next page of the browser that posted: against `session` when it
    /// is stored (the session the response leaves the browser with), or else against the
    /// visitor's `tessera_notice` cookie (theirs, or a new random one the response sets).
    func keepForNextPage(_ notice: Notice, of session: Session, _ request: Request, _ headers: inout HTTPFields)
        async throws
    {
        let store = NoticeStore(database: site.database)
        if session.isStored { return try await store.post(notice, for: session.id) }
        let secure = site.configuration.usesTLS
        let key = NoticeStore.key(in: request, secure: secure) ?? SessionStore.randomToken()
        try await store.post(notice, for: key)
        let cookie = SessionMiddleware.cookie(NoticeStore.cookieName, key, maxAge: NoticeStore.cookieMaxAge, secure: secure)
        headers.append(HTTPField(name: .setCookie, value: cookie))
    }
}
