import Tessera

// MARK: - SignUpFormComponent

/// The sign-up form: username, display name and password, each with its own error. A new
/// member is signed in at once and sent to `next` (default their profile). Passwords are never
/// written back into the form.
///
/// Throttled per client address (``SignInThrottling/signUpAttempts``): every attempt that
/// reaches the database counts, taken usernames included, so names cannot be probed quickly.
final class SignUpFormComponent: Component<SignUpFormComponent.Model>, @unchecked Sendable {
    /// `POST` to the scene's own address: makes the member.
    static let signUp = Action("signup", path: "", SignUpFormComponent.signUp)
    override class var actions: ActionTable {
        ActionTable().on(signUp)
    }

    // MARK: - State

    private var username = ""
    private var displayName = ""
    private var next: String?
    private var errors = FormErrors<SignUp.Field>(summary: "The account was not created. Check the fields below.")

    // MARK: - Life cycle

    override func load(_ scope: RequestScope) async throws {
        if let requested = scope.query["next"] ?? scope.form["next"] { next = RedirectTarget.local(requested) }
    }

    override func viewModel() -> Model {
        Model(actionURL: url(for: Self.signUp), username: username, displayName: displayName, next: next, errors: errors)
    }

    /// The values the template reads: the input kept, the limits, and `errors` (one key per
    /// field of ``SignUp``).
    struct Model: TemplateModel {
        let actionURL: String
        let username: String
        let displayName: String
        let next: String?
        let errors: FormErrors<SignUp.Field>

        static let templateKeys: [TemplateKey<Model>] =
            [
                TemplateKey("actionURL") { $0.actionURL },
                TemplateKey("username") { $0.username },
                TemplateKey("displayName") { $0.displayName },
                TemplateKey("next") { $0.next },
                TemplateKey("errors") { $0.errors },
                TemplateKey("signInURL") { DemoURLs.signIn + ($0.next.map { URLQuery.encode([("next", $0)]) } ?? "") },
                TemplateKey("usernameMaxLength") { _ in MemberFields.newUsername.maxScalars },
                TemplateKey("displayNameMaxLength") { _ in MemberFields.displayName.maxScalars },
                TemplateKey("passwordMinLength") { _ in MemberFields.newPassword.minScalars },
                TemplateKey("passwordMaxLength") { _ in MemberFields.newPassword.maxScalars },
            ]
    }

    // MARK: - Actions

    /// Checks the fields and the throttle, stores the member and signs them in: 303 to `next`
    /// (or their profile), 400 with the problems per field, or 429.
    func signUp(_ context: ActionContext) async throws -> ActionResult {
        let signUp = SignUp(
            username: context.form.field(MemberFields.newUsername), displayName: context.form.field(MemberFields.displayName),
            password: context.form.field(MemberFields.newPassword))
        username = signUp.username.value
        displayName = signUp.displayName.value
        next = context.form["next"].flatMap(RedirectTarget.local)
        errors = FormErrors(signUp.problems(), summary: errors.summary)
        guard errors.isEmpty else { return .invalid }
        let key = SignInThrottling.signUpAttempts.key(ClientAddress.subject(of: context.scope))
        let created = try await SignInThrottling.throttle(context.scope).attempt([key], message: SignInThrottling.signUpMessage) {
            try await MemberCredentials(database: context.database).createMember(
                username: signUp.username.value, displayName: signUp.displayName.value, password: signUp.password.value,
                at: context.scope.demo.now())
        }
        guard let userID = created else {
            errors[.username] = SignUp.taken
            return .invalid
        }
        let session = try await SessionStore(database: context.scope.site.database).signIn(
            userID: userID, replacing: context.scope.session)
        return ActionResult.redirect(to: next ?? DemoURLs.user(userID)).replacingSession(with: session)
    }
}
