import Tessera

// MARK: - SignInScene

/// `GET /signin`, `POST /signin`, `POST /signin/signout`.
final class SignInScene: Scene, @unchecked Sendable {
    override class var path: String { "/signin" }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [form] }
    static let form = ComponentSlot("sign-in", SignInFormComponent.self)

    override func configureComponents(_ scope: RequestScope) {
        add(SignInFormComponent(id: Self.form.id))
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = "Sign in"
    }
}
