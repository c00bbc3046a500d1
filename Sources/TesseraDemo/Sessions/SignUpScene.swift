import Tessera

// MARK: - SignUpScene

/// `GET /signup`, `POST /signup`: become a member.
final class SignUpScene: Scene, @unchecked Sendable {
    override class var path: String { "/signup" }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [form] }
    static let form = ComponentSlot("sign-up", SignUpFormComponent.self)

    override func configureComponents(_ scope: RequestScope) {
        add(SignUpFormComponent(id: Self.form.id))
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = "Create an account"
    }
}
