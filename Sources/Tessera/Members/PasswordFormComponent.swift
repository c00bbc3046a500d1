// MARK: - PasswordFormComponent

/// The change-password form of ``PasswordScene`` (template `Tessera/PasswordForm`): current,
/// new and confirmation fields, each with its own error. Passwords are never written back.
@Component
public struct PasswordFormComponent {
    /// `POST` to the scene's own address changes the password.
    public static let change = Action("change", path: "", PasswordFormComponent.change)
    public static var template: String? { "Tessera/PasswordForm" }

    /// The form.
    public init() {}

    // MARK: - Life cycle

    public func load(_ scope: ComponentScope<Self>) async throws -> Model {
        model(actionURL: scope.url(for: Self.change), errors: Self.noErrors)
    }

    /// What `Tessera/PasswordForm` reads.
    @TemplateModel
    public struct Model: Sendable {
        let actionURL: String
        @TemplateIgnored let errors: FormErrors<PasswordChangeRequest.Field>
        let current: FormField
        let new: FormField
        let confirm: FormField
        var summary: ErrorSummary { ErrorSummary([current, new, confirm], message: errors.formMessage) }
    }

    // MARK: - Actions

    /// Checks the change, counts the attempt, checks the current password, stores the new one
    /// and signs the member out everywhere else: 303 back here with a notice, 400 with the
    /// problems per field, or 429 after too many wrong current passwords.
    func change(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let members = try SignInFormComponent.members(context.request)
        let request = PasswordChangeRequest(context.form)
        var errors = FormErrors(request.problems(), summary: Self.noErrors.summary)
        let actionURL = context.url(for: Self.change)
        guard errors.isEmpty else { return .invalid(model(actionURL: actionURL, errors: errors)) }
        guard try await members.changePassword(current: request.current, to: request.new, context) else {
            errors[.current] = PasswordChangeRequest.wrongCurrent
            return .invalid(model(actionURL: actionURL, errors: errors))
        }
        return .redirect(to: context.request.request.uri.path).withNotice(Notice("Your password was changed."))
    }

    // MARK: - Private

    private static let noErrors = FormErrors<PasswordChangeRequest.Field>(
        summary: "The password was not changed. Check the fields below.")

    private func model(actionURL: String, errors: FormErrors<PasswordChangeRequest.Field>) -> Model {
        Model(
            actionURL: actionURL, errors: errors,
            current: FormField(
                MemberFields.currentPassword, label: "Current password", type: "password", error: errors[.current],
                autocomplete: "current-password", required: true, idPrefix: "password-"),
            new: FormField(
                MemberFields.changedPassword, label: "New password", type: "password", error: errors[.new],
                hint: "At least \(PasswordChangeRequest.minimumLength) characters, different from your current one. Changing it signs you out everywhere else.",
                autocomplete: "new-password", idPrefix: "password-"),
            confirm: FormField(
                MemberFields.confirmPassword, label: "Confirm the new password", type: "password", error: errors[.confirm],
                autocomplete: "new-password", required: true, idPrefix: "password-"))
    }
}
