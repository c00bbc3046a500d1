import Tessera

// MARK: - SignInFormComponent

/// The sign-in form; its actions sign in and out (a new session each time).
///
/// Guessing is throttled (``SignInThrottling``): a locked account or address gets a `429` with
/// `Retry-After` before any password is checked, even the right one.
final class SignInFormComponent: Component<SignInFormComponent.Model>, @unchecked Sendable {
    /// `POST` to the scene's own address signs in; `POST <scene>/signout` signs out.
    static let signIn = Action("signin", path: "", SignInFormComponent.signIn)
    static let signOut = Action("signout", SignInFormComponent.signOut)
    override class var actions: ActionTable {
        ActionTable().on(signIn).on(signOut)
    }

    /// The form's fields; their raw values are the inputs' names. A refusal never says which
    /// one was wrong: it is a form-level message.
    enum Field: String, CaseIterable, Sendable {
        case username, password
    }

    // MARK: - State

    private var username = ""
    private var next = DemoURLs.home
    private var errors = FormErrors<Field>()

    // MARK: - Life cycle

    override func load(_ scope: RequestScope) async throws {
        if let requested = scope.query["next"] ?? scope.form["next"] { next = Self.safeNext(requested) }
    }

    override func viewModel() -> Model {
        Model(
            actionURL: url(for: Self.signIn),
            username: username,
            next: next,
            errors: errors,
            usernameMaxLength: MemberFields.username.maxScalars,
            passwordMaxLength: MemberFields.password.maxScalars,
            signUpURL: DemoURLs.signUp + (next == DemoURLs.home ? "" : URLQuery.encode([("next", next)]))
        )
    }

    /// The values the template reads.
    struct Model: TemplateModel {
        let actionURL: String
        let username: String
        let next: String
        let errors: FormErrors<Field>
        let usernameMaxLength: Int
        let passwordMaxLength: Int
        let signUpURL: String

        static let templateKeys: [TemplateKey<Model>] = [
            TemplateKey("actionURL") { $0.actionURL },
            TemplateKey("username") { $0.username },
            TemplateKey("next") { $0.next },
            TemplateKey("errors") { $0.errors },
            TemplateKey("usernameMaxLength") { $0.usernameMaxLength },
            TemplateKey("passwordMaxLength") { $0.passwordMaxLength },
            TemplateKey("signUpURL") { $0.signUpURL },
        ]
    }

    // MARK: - Actions

    /// Counts the attempt against the throttle, then checks the password (off the event loops); 303 to `next` with a new
    /// session, 400 with the username kept, or 429.
    func signIn(_ context: ActionContext) async throws -> ActionResult {
        let name = context.form.field(MemberFields.username)
        let password = context.form.field(MemberFields.password)
        username = name.value
        next = Self.safeNext(context.form["next"] ?? DemoURLs.home)
        let keys = SignInThrottling.signInKeys(username: name.value, context.scope)
        let user = try await SignInThrottling.throttle(context.scope).attempt(
            [keys.account, keys.address], message: SignInThrottling.signInMessage
        ) { () async throws -> User? in
            guard name.problem == nil, password.problem == nil else { return nil }  // one that breaks the limits cannot match
            return try await MemberCredentials(database: context.database).authenticate(username: name.value, password: password.value)
        }
        guard let user else {
            errors.message = "That username and password do not match."
            return .invalid
        }
        let session = try await SessionStore(database: context.scope.site.database).signIn(userID: user.id, replacing: context.scope.session)
        return ActionResult.redirect(to: next).replacingSession(with: session)
    }

    /// Ends the member's session (its cookie is cleared) and says so on the home page.
    func signOut(_ context: ActionContext) async throws -> ActionResult {
        let visitor = try await SessionStore(database: context.scope.site.database).signOut(context.scope.session)
        return ActionResult.redirect(to: DemoURLs.home).replacingSession(with: visitor).withNotice(Notice("You are signed out."))
    }

    // MARK: - Private

    /// Only same-site paths are followed after signing in (``RedirectTarget``); anything else
    /// goes home.
    static func safeNext(_ requested: String) -> String { RedirectTarget.local(requested) ?? DemoURLs.home }
}
