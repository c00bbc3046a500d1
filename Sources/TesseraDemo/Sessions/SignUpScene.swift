import Tessera

// MARK: - SignUpScene

/// `GET /signup`, `POST /signup`: become a member.
final class SignUpScene: Scene, @unchecked Sendable {
    override class var path: String { DemoURLs.signUp }
    override class var componentTypes: [AnyComponent.Type] { [SignUpFormComponent.self] }

    override func configureComponents(_ scope: RequestScope) {
        add(SignUpFormComponent(id: "sign-up"))
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = "Create an account"
    }
}
