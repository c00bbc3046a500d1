import Tessera

// MARK: - SignInFormComponent

/// The sign-in form; its actions sign in and out (a new session each time).
final class SignInFormComponent: Component, @unchecked Sendable {
    override var template: String { "Sessions/SignInFormComponent" }
    override class var actions: ActionTable {
        ActionTable()
            .on("signin", path: DemoURLs.signIn, SignInFormComponent.signIn)
            .on("signout", path: DemoURLs.signOut, SignInFormComponent.signOut)
    }

    // MARK: - State

    private var username = ""
    private var next = DemoURLs.home
    private var formError: String?

    // MARK: - Life cycle

    override func load(_ scope: RequestScope) async throws {
        if let requested = scope.query["next"] ?? scope.form["next"] { next = Self.safeNext(requested) }
    }

    override func viewModel() -> any ViewModel {
        ["username": .string(username), "next": .string(next), "formError": .optional(formError)]
    }

    // MARK: - Actions

    func signIn(_ context: ActionContext) async throws -> ActionResult {
        username = String(context.form.text("username").prefix(64))
        next = Self.safeNext(context.form["next"] ?? DemoURLs.home)
        let password = context.form["password"] ?? ""
        guard let user = try await UserStore(database: context.database).authenticate(username: username, password: password) else {
            formError = "That username and password do not match."
            return .invalid
        }
        let session = try await SessionStore(database: context.scope.site.database).signIn(userID: user.id, replacing: context.scope.session)
        return ActionResult.redirect(to: next).replacingSession(with: session)
    }

    func signOut(_ context: ActionContext) async throws -> ActionResult {
        let session = try await SessionStore(database: context.scope.site.database).signOut(context.scope.session)
        try await NoticeStore(database: context.database).post(Notice("You are signed out."), to: session.id, at: context.scope.demo.now())
        return ActionResult.redirect(to: DemoURLs.home).replacingSession(with: session)
    }

    // MARK: - Private

    /// Only same-site paths are followed after signing in (no open redirect).
    static func safeNext(_ requested: String) -> String {
        requested.hasPrefix("/") && !requested.hasPrefix("//") && !requested.contains("\\") ? requested : DemoURLs.home
    }
}
