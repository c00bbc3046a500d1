// MARK: - SignInFormComponent

/// The sign-in form of ``SignInScene`` (template `Tessera/SignInForm`); its actions sign in and
/// out through the site's ``Members``, each with a new session.
@Component
public struct SignInFormComponent {
    /// `POST` to the scene's own address signs in.
    public static let signIn = Action("signin", path: "", SignInFormComponent.signIn)
    /// `POST <scene>/signout` signs out.
    public static let signOut = Action("signout", SignInFormComponent.signOut)
    public static var template: String? { "Tessera/SignInForm" }

    /// The form.
    public init() {}

    // MARK: - Life cycle

    public func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let next = (scope.query["next"] ?? scope.form["next"]).flatMap(RedirectTarget.local)
        return model(scope.request, actionURL: scope.url(for: Self.signIn), next: next, username: "", errors: FormErrors())
    }

    /// What `Tessera/SignInForm` reads: the form's address, `next`, a form-level error, the two
    /// fields and the sign-up link (absent when sign-ups are closed).
    @TemplateModel
    public struct Model: Sendable {
        let actionURL: String
        let next: String
        @TemplateIgnored let errors: FormErrors<SignUpRequest.Field>
        let signUpURL: String?
        let username: FormField
        let password: FormField
        var summary: ErrorSummary { ErrorSummary([username, password], message: errors.formMessage) }
    }

    // MARK: - Actions

    /// Counts the attempt, then checks the password: 303 to `next` (or the members' home) with a
    /// new session, 400 with the username kept and one message for any mismatch, or 429.
    func signIn(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let members = try Self.members(context.request)
        let name = context.form.field(MemberFields.username)
        let password = context.form.field(MemberFields.password)
        let next = context.form["next"].flatMap(RedirectTarget.local)
        let session: Session?
        if name.problem == nil, password.problem == nil {  // one that breaks the limits cannot match
            session = try await members.signIn(username: name.value, password: password.value, context)
        } else {
            session = nil
        }
        guard let session else {
            var errors = FormErrors<SignUpRequest.Field>()
            errors.message = "That username and password do not match."
            return .invalid(model(context.request, actionURL: context.url(for: Self.signIn), next: next, username: name.value, errors: errors))
        }
        return ActionResult.redirect(to: next ?? members.home).replacingSession(with: session)
    }

    /// Ends the session and says so on the members' home page.
    func signOut(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let members = try Self.members(context.request)
        let visitor = try await members.signOut(context)
        return ActionResult.redirect(to: members.home).replacingSession(with: visitor).withNotice(Notice("You are signed out."))
    }

    /// The site's members, or a 404 when the app has none (start-up refuses that anyway).
    static func members(_ scope: RequestScope) throws(RequestError) -> Members {
        guard let members = scope.site.configuration.members else { throw .notFound() }
        return members
    }

    // MARK: - Private

    /// The form, keeping `username` and showing `errors`.
    private func model(
        _ scope: RequestScope, actionURL: String, next: String?, username: String, errors: FormErrors<SignUpRequest.Field>
    ) -> Model {
        let members = scope.site.configuration.members
        let signUpURL = members?.signUpPath.map { path in path + (next.map { URLQuery.encode([("next", $0)]) } ?? "") }
        return Model(
            actionURL: actionURL, next: next ?? members?.home ?? "/", errors: errors, signUpURL: signUpURL,
            username: FormField(
                MemberFields.username, label: "Username", value: username, autocomplete: "username", required: true, idPrefix: "sign-in-"),
            password: FormField(
                MemberFields.password, label: "Password", type: "password", autocomplete: "current-password", required: true,
                idPrefix: "sign-in-"))
    }
}
