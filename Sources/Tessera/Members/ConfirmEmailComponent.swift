// MARK: - ConfirmEmailComponent

/// The page a confirmation link opens (``ConfirmEmailScene``, template `Tessera/ConfirmEmail`):
/// the address and a button that confirms it. Opening the link changes nothing (mail scanners
/// open links); the button does.
@Component
package struct ConfirmEmailComponent {
    /// `POST` to the scene's own address confirms.
    package static let confirm = Action("confirm", path: "", ConfirmEmailComponent.confirm)
    package static var template: String? { "Tessera/ConfirmEmail" }

    /// The page.
    package init() {}

    // MARK: - Life cycle

    package func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let members = try SignInFormComponent.members(scope.request)
        let token = scope.query["token"] ?? ""
        let address = try await members.addressToConfirm(token, scope.request)
        return Model(actionURL: scope.url(for: Self.confirm), token: address == nil ? nil : token, address: address, problem: nil)
    }

    /// What `Tessera/ConfirmEmail` reads: the form's address, the token and the address (both
    /// absent when the link does not work), and a problem.
    @TemplateModel
    package struct Model: Sendable {
        let actionURL: String
        let token: String?
        let address: String?
        let problem: String?
    }

    // MARK: - Actions

    /// Uses the link: 303 to the address page (or the members' home) with a notice, or 400
    /// saying why not.
    func confirm(_ context: ComponentScope<Self>) async throws -> ActionResult<Model> {
        let members = try SignInFormComponent.members(context.request)
        let actionURL = context.url(for: Self.confirm)
        switch try await members.confirmAddress(token: context.form["token"] ?? "", context.request) {
        case .confirmed(let memberID, let email):
            let next = context.request.userID == memberID ? members.emailPath ?? members.home : members.home
            return ActionResult.redirect(to: next).withNotice(Notice("Your address \(email) is confirmed."))
        case .taken:
            return .invalid(Model(actionURL: actionURL, token: nil, address: nil, problem: "Another account confirmed this address first."))
        case .expired:
            return .invalid(Model(actionURL: actionURL, token: nil, address: nil, problem: nil))
        }
    }
}
