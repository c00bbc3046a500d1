// MARK: - SignUpFormComponent

/// The sign-up form of ``SignUpScene`` (template `Tessera/SignUpForm`): username, display name
/// (when the ``MemberTable`` has one) and password, each with its own error.
@Component
public struct SignUpFormComponent {
    /// `POST` to the scene's own address creates the member and signs them in.
    public static let signUp = Action("signup", path: "", SignUpFormComponent.signUp)
    public static var template: String? { "Tessera/SignUpForm" }

    /// The form.
    public init() {}

    // MARK: - Life cycle

    public func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let next = (scope.query["next"] ?? scope.form["next"]).flatMap(RedirectTarget.local)
        return model(scope.request, actionURL: scope.url(for: Self.signUp), next: next, input: nil, errors: Self.noErrors)
    }

    /// What `Tessera/SignUpForm` reads.
    @TemplateModel
    public struct Model: Sendable {
        let actionURL: String
        let next: String?
        @TemplateIgnored let errors: FormErrors<SignUpRequest.Field>
        let signInURL: String
        let username: FormField
        let displayName: FormField?
        let email: FormField?
        let password: FormField
        var summary: ErrorSummary {
            ErrorSummary([username] + [displayName, email].compactMap { $0 } + [password], message: errors.formMessage)
        }
    }

    // MARK: - Actions

    /// Checks the fields, counts the sign-up, stores the member and signs them in: 303 to `next`
    /// (or the members' home), 400 with the problems per field, or 429.
    func signUp(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let members = try SignInFormComponent.members(context.request)
        let request = SignUpRequest(context.form)
        let next = context.form["next"].flatMap(RedirectTarget.local)
        let asksDisplayName = members.table.displayName != nil
        let asksEmail = members.table.email != nil
        var errors = FormErrors(request.problems(asksDisplayName: asksDisplayName, asksEmail: asksEmail), summary: Self.noErrors.summary)
        func refused() -> ActionResult<Model> {
            .invalid(model(context.request, actionURL: context.url(for: Self.signUp), next: next, input: request, errors: errors))
        }
        guard errors.isEmpty else { return refused() }
        let name = asksDisplayName ? request.displayName.value : request.username.value
        let email = asksEmail ? request.emailAddress : nil
        switch try await members.signUp(
            username: request.username.value, displayName: name, password: request.password.value, email: email, context)
        {
        case .taken:
            errors[.username] = SignUpRequest.taken
            return refused()
        case .created(let memberID, let session):
            let welcome = email.map { "Welcome! Your account is ready. A link to confirm \($0.text) is on its way to it." }
            return ActionResult.redirect(to: next ?? members.welcomePage?(memberID) ?? members.home).replacingSession(with: session)
                .withNotice(Notice(welcome ?? "Welcome! Your account is ready."))
        }
    }

    // MARK: - Private

    private static let noErrors = FormErrors<SignUpRequest.Field>(summary: "The account was not created. Check the fields below.")

    /// The form, keeping `input` (nil: empty) and showing `errors`.
    private func model(
        _ scope: RequestScope, actionURL: String, next: String?, input: SignUpRequest?, errors: FormErrors<SignUpRequest.Field>
    ) -> Model {
        let members = scope.site.configuration.members
        let signInURL = (members?.signInPath ?? "/") + (next.map { URLQuery.encode([("next", $0)]) } ?? "")
        return Model(
            actionURL: actionURL, next: next, errors: errors, signInURL: signInURL,
            username: FormField(
                MemberFields.newUsername, label: "Username", value: input?.username.value ?? "", error: errors[.username],
                hint: "3 to 32 lowercase letters, digits or “-”. You sign in with it.", autocomplete: "username", idPrefix: "sign-up-"),
            displayName: members?.table.displayName != nil
                ? FormField(
                    MemberFields.displayName, label: "Display name", value: input?.displayName.value ?? "", error: errors[.displayName],
                    hint: "Shown on your pages.", autocomplete: "name", idPrefix: "sign-up-") : nil,
            email: members?.table.email != nil
                ? FormField(
                    MemberFields.email, label: "E-mail address (optional)", type: "email", value: input?.email.value ?? "",
                    error: errors[.email], hint: "Only to reset a forgotten password. We mail a link to confirm it.",
                    autocomplete: "email", required: false, idPrefix: "sign-up-") : nil,
            password: FormField(
                MemberFields.newPassword, label: "Password", type: "password", error: errors[.password],
                hint: "At least \(PasswordChangeRequest.minimumLength) characters.", autocomplete: "new-password", idPrefix: "sign-up-"))
    }
}
