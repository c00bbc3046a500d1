import Tessera

// MARK: - HomeScene

/// `GET /`: the community feed, and the signed-in member's current priorities beside it.
final class HomeScene: Scene, @unchecked Sendable {
    override class var path: String { DemoURLs.home }
    override class var componentTypes: [AnyComponent.Type] { [FeedComponent.self, PrioritiesComponent.self] }
    override var template: String? { "Home/HomeScene" }

    // MARK: - State

    private var signedIn = false

    // MARK: - Life cycle

    override func configureComponents(_ scope: RequestScope) {
        add(FeedComponent(id: "feed", links: .demo))
        if let userID = scope.userID {
            signedIn = true
            // Lazy: the feed is what the page is for, so it answers without waiting for these.
            let priorities = PrioritiesComponent(id: "priorities", userID: userID)
            priorities.isLazy = true
            add(priorities)
        }
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = "Home"
    }

    override func viewModel() -> any ViewModel {
        ["signedIn": .bool(signedIn), "signInURL": .string(DemoURLs.signIn)]
    }
}
