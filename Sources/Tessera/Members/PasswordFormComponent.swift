// MARK: - PasswordFormComponent

/// The change-password form of ``PasswordScene`` (template `Tessera/PasswordForm`): current,
/// new and confirmation fields, each with its own error. Passwords are never written back.
open class PasswordFormComponent: Component<PasswordFormComponent.Model>, @unchecked Sendable {
    /// `POST` to the scene's own address changes the password.
    public static let change = Action("change", path: "", PasswordFormComponent.change)
    open override class var actions: ActionTable { ActionTable().on(change) }
    open override class var template: String? { "Tessera/PasswordForm" }

    // MARK: - State

    private var errors = FormErrors<PasswordChangeRequest.Field>(summary: "The password was not changed. Check the fields below.")

    // MARK: - Life cycle

    open override func viewModel() -> Model {
        Model(
            actionURL: url(for: Self.change), errors: errors,
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

    /// What `Tessera/PasswordForm` reads.
    public struct Model: TemplateModel {
        let actionURL: String
        let errors: FormErrors<PasswordChangeRequest.Field>
        let current: FormField
        let new: FormField
        let confirm: FormField

        public static let templateKeys: [TemplateKey<Model>] = [
            TemplateKey("actionURL") { $0.actionURL }, TemplateKey("errors") { $0.errors }, TemplateKey("current") { $0.current },
            TemplateKey("new") { $0.new }, TemplateKey("confirm") { $0.confirm },
        ]
    }

    // MARK: - Actions

    /// Checks the change, counts the attempt, checks the current password, stores the new one
    /// and signs the member out everywhere else: 303 back here with a notice, 400 with the
    /// problems per field, or 429 after too many wrong current passwords.
    func change(_ context: ActionContext) async throws -> ActionResult {
        let members = try SignInFormComponent.members(context.scope)
        let request = PasswordChangeRequest(context.form)
        errors = FormErrors(request.problems(), summary: errors.summary)
        guard errors.isEmpty else { return .invalid }
        guard try await members.changePassword(current: request.current, to: request.new, context) else {
            errors[.current] = PasswordChangeRequest.wrongCurrent
            return .invalid
        }
        return .redirect(to: context.scope.request.uri.path).withNotice(Notice("Your password was changed."))
    }
}
