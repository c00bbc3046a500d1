// MARK: - SignInFormComponent

/// The sign-in form of ``SignInScene`` (template `Tessera/SignInForm`); its actions sign in and
/// out through the site's ``Members``, each with a new session.
open class SignInFormComponent: Component<SignInFormComponent.Model>, @unchecked Sendable {
    /// `POST` to the scene's own address signs in.
    public static let signIn = Action("signin", path: "", SignInFormComponent.signIn)
    /// `POST <scene>/signout` signs out.
    public static let signOut = Action("signout", SignInFormComponent.signOut)
    open override class var actions: ActionTable { ActionTable().on(signIn).on(signOut) }
    open override class var template: String? { "Tessera/SignInForm" }

    // MARK: - State

    private var username = ""
    private var next: String?
    private var errors = FormErrors<SignUpRequest.Field>()
    private var signUpURL: String?
    private var home = "/"

    // MARK: - Life cycle

    open override func load(_ scope: RequestScope) async throws {
        next = (scope.query["next"] ?? scope.form["next"]).flatMap(RedirectTarget.local)
        home = scope.site.configuration.members?.home ?? "/"
        signUpURL = scope.site.configuration.members?.signUpPath.map { path in
            path + (next.map { URLQuery.encode([("next", $0)]) } ?? "")
        }
    }

    open override func viewModel() -> Model {
        Model(
            actionURL: url(for: Self.signIn), next: next ?? home, errors: errors, signUpURL: signUpURL,
            username: FormField(
                MemberFields.username, label: "Username", value: username, autocomplete: "username", required: true, idPrefix: "sign-in-"),
            password: FormField(
                MemberFields.password, label: "Password", type: "password", autocomplete: "current-password", required: true,
                idPrefix: "sign-in-"))
    }

    /// What `Tessera/SignInForm` reads: the form's address, `next`, a form-level error, the two
    /// fields and the sign-up link (absent when sign-ups are closed).
    public struct Model: TemplateModel {
        let actionURL: String
        let next: String
        let errors: FormErrors<SignUpRequest.Field>
        let signUpURL: String?
        let username: FormField
        let password: FormField

        public static let templateKeys: [TemplateKey<Model>] = [
            TemplateKey("actionURL") { $0.actionURL }, TemplateKey("next") { $0.next }, TemplateKey("errors") { $0.errors },
            TemplateKey("signUpURL") { $0.signUpURL }, TemplateKey("username") { $0.username },
            TemplateKey("password") { $0.password },
        ]
    }

    // MARK: - Actions

    /// Counts the attempt, then checks the password: 303 to `next` (or the members' home) with a
    /// new session, 400 with the username kept and one message for any mismatch, or 429.
    func signIn(_ context: ActionContext) async throws -> ActionResult {
        let members = try Self.members(context.scope)
        let name = context.form.field(MemberFields.username)
        let password = context.form.field(MemberFields.password)
        username = name.value
        next = context.form["next"].flatMap(RedirectTarget.local)
        let session: Session?
        if name.problem == nil, password.problem == nil {  // one that breaks the limits cannot match
            session = try await members.signIn(username: name.value, password: password.value, context)
        } else {
            session = nil
        }
        guard let session else {
            errors.message = "That username and password do not match."
            return .invalid
        }
        return ActionResult.redirect(to: next ?? members.home).replacingSession(with: session)
    }

    /// Ends the session and says so on the members' home page.
    func signOut(_ context: ActionContext) async throws -> ActionResult {
        let members = try Self.members(context.scope)
        let visitor = try await members.signOut(context)
        return ActionResult.redirect(to: members.home).replacingSession(with: visitor).withNotice(Notice("You are signed out."))
    }

    /// The site's members, or a 404 when the app has none (start-up refuses that anyway).
    static func members(_ scope: RequestScope) throws(RequestError) -> Members {
        guard let members = scope.site.configuration.members else { throw .notFound() }
        return members
    }
}
