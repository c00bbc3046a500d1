import Tessera

// MARK: - PasswordScene

/// `GET /settings/security/password` and `POST /settings/security/password`: change one's
/// password; a sign-in prompt for visitors (and 403 for their posts).
final class PasswordScene: Scene, @unchecked Sendable {
    override class var path: String { DemoURLs.password }
    override class var componentTypes: [Component.Type] { [PasswordFormComponent.self] }

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        try MembersOnly.refuseSignedOutActions(scope)
    }

    override func configureComponents(_ scope: RequestScope) {
        guard scope.userID != nil else {
            add(
                SignInPromptComponent(
                    id: MembersOnly.promptID, message: "Sign in to change your password.",
                    signInURL: MembersOnly.signInURL(returningTo: DemoURLs.password)))
            return
        }
        add(
            PasswordFormComponent(
                id: "password", actionURL: DemoURLs.password,
                changedURL: DemoURLs.password + URLQuery.encode([("changed", "1")])))
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = "Change your password"
    }
}
