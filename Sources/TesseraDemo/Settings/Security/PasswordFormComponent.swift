import Tessera

// MARK: - PasswordFormComponent

/// The change-password form: current, new and confirmation fields, each with its own error.
/// Passwords are never written back into the form.
final class PasswordFormComponent: Component<PasswordFormComponent.Model>, @unchecked Sendable {
    /// `POST` to the scene's own address: changes the password.
    static let change = Action("change", path: "", PasswordFormComponent.change)
    override class var actions: ActionTable {
        ActionTable().on(change)
    }

    // MARK: - Configuration

    private let changedURL: String

    /// A form posting to its ``change`` action; after a change the browser goes to `changedURL`, where a
    /// one-time notice (never a query a link could replay) says the password was changed.
    init(id: String, changedURL: String) {
        self.changedURL = changedURL
        super.init(id: id)
    }

    // MARK: - State

    private var errors = FormErrors<PasswordChange.Field>(summary: "The password was not changed. Check the fields below.")

    // MARK: - Life cycle

    override func viewModel() -> Model {
        Model(actionURL: url(for: Self.change), errors: errors)
    }

    /// The values the template reads: the limits and `errors` (one key per field of ``PasswordChange``).
    struct Model: TemplateModel {
        let actionURL: String
        let errors: FormErrors<PasswordChange.Field>

        static let templateKeys: [TemplateKey<Model>] =
            [
                TemplateKey("actionURL") { $0.actionURL },
                TemplateKey("errors") { $0.errors },
                TemplateKey("minimumLength") { _ in PasswordChange.minimumLength },
                TemplateKey("maximumBytes") { _ in PasswordChange.maximumBytes },
            ]
    }

    // MARK: - Actions

    /// Checks the change and the throttle (``SignInThrottling/passwordFailures``), then stores
    /// the new password and signs the member out everywhere else: 303 with a one-time notice,
    /// 400 with the problems per field, or 429 after too many wrong current passwords.
    func change(_ context: ActionContext) async throws -> ActionResult {
        let userID = try context.requireUser()
        let change = PasswordChange(
            current: context.form["current"] ?? "", new: context.form["new"] ?? "", confirm: context.form["confirm"] ?? "")
        errors = FormErrors(change.problems(), summary: errors.summary)
        guard errors.isEmpty else { return .invalid }
        let key = SignInThrottling.passwordFailures.key(String(userID))
        let changed = try await SignInThrottling.throttle(context.scope).attempt([key], message: SignInThrottling.passwordMessage) {
            let credentials = MemberCredentials(database: context.database)
            return try await credentials.changePassword(userID: userID, current: change.current, new: change.new) ? true : nil
        }
        guard changed != nil else {
            errors[.current] = PasswordChange.wrongCurrent
            return .invalid
        }
        try await SessionStore(database: context.scope.site.database).endOtherSessions(of: userID, keeping: context.scope.session)
        return .redirect(to: changedURL).withNotice(Notice("Your password was changed."))
    }
}
