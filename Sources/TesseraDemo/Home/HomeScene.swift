import Tessera

// MARK: - HomeScene

/// `GET /`: the community feed, and the signed-in member's current priorities beside it.
final class HomeScene: ModelScene<HomeScene.Model>, @unchecked Sendable {
    override class var path: String { DemoURLs.home }
    override class var componentTypes: [AnyComponent.Type] { [FeedComponent.self, PrioritiesComponent.self] }

    // MARK: - State

    private var signedIn = false

    // MARK: - Life cycle

    override func configureComponents(_ scope: RequestScope) {
        add(FeedComponent(id: "feed", links: .demo))
        if let userID = scope.userID {
            signedIn = true
            add(PrioritiesComponent(id: "priorities", userID: userID))
        }
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = "Home"
    }

    override func viewModel() -> Model { Model(signedIn: signedIn) }

    /// The values the template reads.
    struct Model: TemplateModel {
        let signedIn: Bool

        static let templateKeys: [TemplateKey<Model>] = [
            TemplateKey("signedIn") { $0.signedIn },
            TemplateKey("signInURL") { _ in DemoURLs.signIn },
        ]
    }
}
