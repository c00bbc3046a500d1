// MARK: - SignUpFormComponent

/// The sign-up form of ``SignUpScene`` (template `Tessera/SignUpForm`): username, display name
/// (when the ``MemberTable`` has one) and password, each with its own error.
open class SignUpFormComponent: Component<SignUpFormComponent.Model>, @unchecked Sendable {
    /// `POST` to the scene's own address creates the member and signs them in.
    public static let signUp = Action("signup", path: "", SignUpFormComponent.signUp)
    open override class var actions: ActionTable { ActionTable().on(signUp) }
    open override class var template: String? { "Tessera/SignUpForm" }

    // MARK: - State

    private var username = ""
    private var displayName = ""
    private var next: String?
    private var asksDisplayName = true
    private var signInURL = "/"
    private var errors = FormErrors<SignUpRequest.Field>(summary: "The account was not created. Check the fields below.")

    // MARK: - Life cycle

    open override func load(_ scope: RequestScope) async throws {
        next = (scope.query["next"] ?? scope.form["next"]).flatMap(RedirectTarget.local)
        let members = scope.site.configuration.members
        asksDisplayName = members?.table.displayName != nil
        signInURL = (members?.signInPath ?? "/") + (next.map { URLQuery.encode([("next", $0)]) } ?? "")
    }

    open override func viewModel() -> Model {
        Model(
            actionURL: url(for: Self.signUp), next: next, errors: errors, signInURL: signInURL,
            username: FormField(
                MemberFields.newUsername, label: "Username", value: username, error: errors[.username],
                hint: "3 to 32 lowercase letters, digits or “-”. You sign in with it.", autocomplete: "username", idPrefix: "sign-up-"),
            displayName: asksDisplayName
                ? FormField(
                    MemberFields.displayName, label: "Display name", value: displayName, error: errors[.displayName],
                    hint: "Shown on your pages.", autocomplete: "name", idPrefix: "sign-up-") : nil,
            password: FormField(
                MemberFields.newPassword, label: "Password", type: "password", error: errors[.password],
                hint: "At least \(PasswordChangeRequest.minimumLength) characters.", autocomplete: "new-password", idPrefix: "sign-up-"))
    }

    /// What `Tessera/SignUpForm` reads.
    public struct Model: TemplateModel {
        let actionURL: String
        let next: String?
        let errors: FormErrors<SignUpRequest.Field>
        let signInURL: String
        let username: FormField
        let displayName: FormField?
        let password: FormField

        public static let templateKeys: [TemplateKey<Model>] = [
            TemplateKey("actionURL") { $0.actionURL }, TemplateKey("next") { $0.next }, TemplateKey("errors") { $0.errors },
            TemplateKey("signInURL") { $0.signInURL }, TemplateKey("username") { $0.username },
            TemplateKey("displayName") { $0.displayName }, TemplateKey("password") { $0.password },
        ]
    }

    // MARK: - Actions

    /// Checks the fields, counts the sign-up, stores the member and signs them in: 303 to `next`
    /// (or the members' home), 400 with the problems per field, or 429.
    func signUp(_ context: ActionContext) async throws -> ActionResult {
        let members = try SignInFormComponent.members(context.scope)
        let request = SignUpRequest(context.form)
        username = request.username.value
        displayName = request.displayName.value
        next = context.form["next"].flatMap(RedirectTarget.local)
        asksDisplayName = members.table.displayName != nil
        errors = FormErrors(request.problems(asksDisplayName: asksDisplayName), summary: errors.summary)
        guard errors.isEmpty else { return .invalid }
        let name = asksDisplayName ? request.displayName.value : request.username.value
        switch try await members.signUp(username: request.username.value, displayName: name, password: request.password.value, context) {
        case .taken:
            errors[.username] = SignUpRequest.taken
            return .invalid
        case .created(let memberID, let session):
            return ActionResult.redirect(to: next ?? members.welcomePage?(memberID) ?? members.home).replacingSession(with: session)
                .withNotice(Notice("Welcome! Your account is ready."))
        }
    }
}
