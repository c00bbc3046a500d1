// MARK: - ActionContext

/// What an action handler receives: the request scope (with the form already read and the
/// CSRF token already checked) and the action's name.
public struct ActionContext: Sendable {
    /// The request.
    public let scope: RequestScope
    /// The action being run.
    public let name: String

    /// The POSTed form fields.
    public var form: Parameters { scope.form }
    /// Route parameters (`:id`, `:item`).
    public var path: Parameters { scope.path }
    /// Database access, counted.
    public var database: CountingDatabase { scope.database }
    /// The signed-in user's id, or nil.
    public var userID: Int64? { scope.userID }

    /// The signed-in user's id, or a 403 when nobody is signed in.
    public func requireUser() throws(RequestError) -> Int64 {
        guard let userID else { throw .forbidden("Sign in to do that.") }
        return userID
    }
}
