import HTTPTypes
import Hummingbird

// MARK: - SessionMiddleware

/// Gives every request a session: the one named by the `tessera_session` cookie, or a new one
/// (whose cookie is set on the response). The cookie is `HttpOnly` and `SameSite=Lax`.
public struct SessionMiddleware: RouterMiddleware {
    /// Tessera's request context.
    public typealias Context = TesseraRequestContext

    /// The cookie's name.
    public static let cookieName = "tessera_session"

    let store: SessionStore

    /// Sessions from `store`.
    public init(store: SessionStore) { self.store = store }

    /// Finds or creates the session, puts it in the context, and sets the cookie for a new one.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let existing = try await request.cookies[Self.cookieName].map(\.value).asyncFlatMap { try await store.find($0) }
        var session: Session
        if let existing {
            session = existing
        } else {
            session = try await store.create()
        }
        context.session = session
        var response = try await next(request, context)
        if existing == nil, response.headers[.setCookie] == nil {
            response.headers[.setCookie] = Self.cookie(for: session)
        }
        return response
    }

    /// The `Set-Cookie` value that stores `session` in the browser for 30 days.
    public static func cookie(for session: Session) -> String {
        "\(cookieName)=\(session.id); Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax"
    }
}

extension Optional {
    /// `flatMap` with an async transform.
    func asyncFlatMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
