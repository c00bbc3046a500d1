// MARK: - EmailFormComponent

/// The signed-in member's address (``EmailScene``, template `Tessera/EmailForm`): the confirmed
/// one, and a form that mails a confirmation link to a new one. The address changes only when
/// the link is followed.
@Component
package struct EmailFormComponent {
    /// `POST` to the scene's own address mails a link.
    package static let change = Action("change", path: "", EmailFormComponent.change)
    package static var template: String? { "Tessera/EmailForm" }

    /// The form.
    package init() {}

    // MARK: - Life cycle

    package func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let members = try SignInFormComponent.members(scope.request)
        var current: String?
        if let memberID = scope.userID { current = try await members.confirmedAddress(of: memberID, scope.request) }
        return Self.model(actionURL: scope.url(for: Self.change), current: current, email: "", error: nil)
    }

    /// What `Tessera/EmailForm` reads: the form's address, the confirmed address (absent for
    /// none), the summary and the field.
    @TemplateModel
    package struct Model: Sendable {
        let actionURL: String
        let current: String?
        let email: FormField
        var summary: ErrorSummary { ErrorSummary([email]) }
    }

    // MARK: - Actions

    /// Checks the address, counts the request and enqueues the mail: 303 back with a notice,
    /// 400 with the address kept, 403 for a visitor, or 429.
    func change(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let members = try SignInFormComponent.members(context.request)
        let memberID = try context.requireUser()
        let typed = context.form.field(MemberFields.email)
        guard typed.problem == nil, let address = MailAddress(typed.value) else {
            let current = try await members.confirmedAddress(of: memberID, context.request)
            return .invalid(
                Self.model(
                    actionURL: context.url(for: Self.change), current: current, email: typed.value,
                    error: typed.problem ?? ForgotPasswordFormComponent.notAnAddress))
        }
        try await members.requestAddressConfirmation(email: address, context)
        let minutes = Int(members.linkLifetime / 60)
        return .redirect(to: context.request.request.uri.path).withNotice(
            Notice("A link to confirm \(address.text) is on its way to it. It works for \(minutes) minutes; your address changes when you follow it."))
    }

    // MARK: - Private

    private static func model(actionURL: String, current: String?, email: String, error: String?) -> Model {
        Model(
            actionURL: actionURL, current: current,
            email: FormField(
                MemberFields.email, label: current == nil ? "E-mail address" : "New e-mail address", type: "email", value: email,
                error: error, hint: "We mail a link to it; it becomes your address when you follow the link.", autocomplete: "email",
                required: true, idPrefix: "email-"))
    }
}
