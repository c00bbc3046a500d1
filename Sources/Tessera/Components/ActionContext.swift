// MARK: - ActionContext

/// What an action handler of component `C` receives: the request scope (with the form already
/// read and the CSRF token already checked), the action's name, and the component's place on
/// the page (its URLs, for the model a handler shows).
public struct ActionContext<C: Component>: Sendable {
    /// The component's scope: its id, its scene's URL, and the request.
    public let component: ComponentScope<C>
    /// The action being run.
    public let name: String

    /// The request.
    public var scope: RequestScope { component.request }
    /// The POSTed form fields.
    public var form: Parameters { scope.form }
    /// The file sent as `field`, checked by its rules (a multipart form's; none otherwise).
    public func file(_ field: FileField) -> FileValue { field.check(scope.files.first { $0.field == field.name }) }
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

    /// The URL of one of this component's actions (``ComponentScope/url(for:_:)``).
    public func url(for action: Action<C>, _ values: any CustomStringConvertible...) -> String {
        component.url(for: action, values)
    }
}
