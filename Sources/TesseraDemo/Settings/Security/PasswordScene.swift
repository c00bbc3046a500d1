import Tessera

// MARK: - PasswordScene

/// `GET /settings/security/password` and `POST /settings/security/password`: change one's
/// password (members only, ``MemberScene``).
final class PasswordScene: MemberScene<EmptyModel>, @unchecked Sendable {
    override class var path: String { "/settings/security/password" }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [form] }
    static let form = ComponentSlot("password", PasswordFormComponent.self)
    override var memberTitle: String { "Change your password" }

    // MARK: - Life cycle

    override func configureComponents(_ scope: RequestScope, memberID: Int64) {
        add(
            PasswordFormComponent(id: Self.form.id, changedURL: DemoURLs.password))
    }
}
