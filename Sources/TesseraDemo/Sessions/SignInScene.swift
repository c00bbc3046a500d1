import Tessera

// MARK: - SignInScene

/// `GET /signin`, `POST /signin`, `POST /signout`.
final class SignInScene: Scene, @unchecked Sendable {
    override class var path: String { DemoURLs.signIn }
    override class var componentTypes: [AnyComponent.Type] { [SignInFormComponent.self] }

    override func configureComponents(_ scope: RequestScope) {
        add(SignInFormComponent(id: "sign-in"))
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = "Sign in"
    }
}
