// MARK: - ResetPasswordFormComponent

/// The form a reset link opens (``ResetPasswordScene``, template `Tessera/ResetPasswordForm`):
/// a new password twice, the link's token carried in a hidden field. A link that does not work
/// shows why and where to ask for another.
@Component
package struct ResetPasswordFormComponent {
    /// `POST` to the scene's own address sets the password.
    package static let reset = Action("reset", path: "", ResetPasswordFormComponent.reset)
    package static var template: String? { "Tessera/ResetPasswordForm" }

    /// The form.
    package init() {}

    // MARK: - Life cycle

    package func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let members = try SignInFormComponent.members(scope.request)
        let token = scope.query["token"] ?? ""
        let works = try await members.resetLinkWorks(token, scope.request)
        return Self.model(scope.request, actionURL: scope.url(for: Self.reset), token: works ? token : nil, errors: Self.noErrors)
    }

    /// What `Tessera/ResetPasswordForm` reads: the form's address, the token (absent when the
    /// link does not work), the summary, the two fields and the link to ask again.
    @TemplateModel
    package struct Model: Sendable {
        let actionURL: String
        let token: String?
        @TemplateIgnored let errors: FormErrors<Field>
        let password: FormField
        let confirm: FormField
        let forgotURL: String?
        var summary: ErrorSummary { ErrorSummary([password, confirm], message: errors.formMessage) }
    }

    /// The form's fields.
    package enum Field: String, Sendable, CaseIterable {
        case password, confirm
    }

    // MARK: - Actions

    /// Checks the password, then uses the link: 303 to the members' home signed in (every other
    /// session ended), 400 with the problems, or 400 saying the link does not work.
    func reset(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let members = try SignInFormComponent.members(context.request)
        let token = context.form["token"] ?? ""
        let password = context.form.field(MemberFields.newPassword)
        var errors = FormErrors<Field>(summary: Self.noErrors.summary)
        errors[.password] = password.problem
        if password.problem == nil, password.value.utf8.contains(0) { errors[.password] = "Use no NUL characters." }
        if context.form["confirm"] != password.value { errors[.confirm] = "This does not match the new password." }
        let actionURL = context.url(for: Self.reset)
        guard errors.isEmpty else { return .invalid(Self.model(context.request, actionURL: actionURL, token: token, errors: errors)) }
        guard let session = try await members.resetPassword(token: token, to: password.value, context) else {
            return .invalid(Self.model(context.request, actionURL: actionURL, token: nil, errors: Self.noErrors))
        }
        return ActionResult.redirect(to: members.home).replacingSession(with: session)
            .withNotice(Notice("Your new password is set and you are signed in. Every other session of yours was signed out."))
    }

    // MARK: - Private

    private static let noErrors = FormErrors<Field>(summary: "The password was not changed. Check the fields below.")

    private static func model(_ scope: RequestScope, actionURL: String, token: String?, errors: FormErrors<Field>) -> Model {
        Model(
            actionURL: actionURL, token: token, errors: errors,
            password: FormField(
                MemberFields.newPassword, label: "New password", type: "password", error: errors[.password],
                hint: "At least \(PasswordChangeRequest.minimumLength) characters. Setting it signs you out everywhere else.",
                autocomplete: "new-password", idPrefix: "reset-"),
            confirm: FormField(
                MemberFields.confirmPassword, label: "Confirm the new password", type: "password", error: errors[.confirm],
                autocomplete: "new-password", required: true, idPrefix: "reset-"),
            forgotURL: scope.site.configuration.members?.forgotPasswordPath)
    }
}
