import Tessera

// MARK: - PasswordScene

/// `GET /settings/security/password` and `POST /settings/security/password`: change one's
/// password (members only, ``MemberScene``).
final class PasswordScene: MemberScene<EmptyModel>, @unchecked Sendable {
    override class var path: String { DemoURLs.password }
    override class var componentTypes: [AnyComponent.Type] { [PasswordFormComponent.self] }
    override var memberTitle: String { "Change your password" }

    // MARK: - Life cycle

    override func configureComponents(_ scope: RequestScope, memberID: Int64) {
        add(
            PasswordFormComponent(
                id: "password", actionURL: DemoURLs.password,
                changedURL: DemoURLs.password))
    }
}
