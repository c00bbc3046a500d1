// MARK: - ForgotPasswordFormComponent

/// The form of ``ForgotPasswordScene`` (template `Tessera/ForgotPasswordForm`): one address. Its
/// answer is the same whether a member has the address or not; a job mails the link.
@Component
package struct ForgotPasswordFormComponent {
    /// `POST` to the scene's own address asks for a link.
    package static let send = Action("send", path: "", ForgotPasswordFormComponent.send)
    package static var template: String? { "Tessera/ForgotPasswordForm" }

    /// The form.
    package init() {}

    // MARK: - Life cycle

    package func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Self.model(actionURL: scope.url(for: Self.send), email: "", error: nil, signInURL: scope.site.configuration.members?.signInPath)
    }

    /// What `Tessera/ForgotPasswordForm` reads: the form's address, the summary, the address
    /// field and the sign-in link.
    @TemplateModel
    package struct Model: Sendable {
        let actionURL: String
        let email: FormField
        let signInURL: String?
        var summary: ErrorSummary { ErrorSummary([email]) }
    }

    // MARK: - Actions

    /// Checks the address, counts the request and enqueues the mail: 303 back with the same
    /// notice for any address, 400 with the address kept, or 429.
    func send(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let members = try SignInFormComponent.members(context.request)
        let typed = context.form.field(MemberFields.email)
        guard typed.problem == nil, let address = MailAddress(typed.value) else {
            return .invalid(
                Self.model(
                    actionURL: context.url(for: Self.send), email: typed.value, error: typed.problem ?? Self.notAnAddress,
                    signInURL: members.signInPath))
        }
        try await members.requestPasswordReset(email: address, context)
        let minutes = Int(members.linkLifetime / 60)
        return .redirect(to: context.request.request.uri.path).withNotice(
            Notice("If an account has the address \(address.text), a link to choose a new password is on its way. It works for \(minutes) minutes."))
    }

    /// The problem shown for text that is not an address.
    static let notAnAddress = "Enter an e-mail address, like name@example.com."

    // MARK: - Private

    private static func model(actionURL: String, email: String, error: String?, signInURL: String?) -> Model {
        Model(
            actionURL: actionURL,
            email: FormField(
                MemberFields.email, label: "E-mail address", type: "email", value: email, error: error,
                hint: "The confirmed address of your account.", autocomplete: "email", required: true, idPrefix: "forgot-"),
            signInURL: signInURL)
    }
}
