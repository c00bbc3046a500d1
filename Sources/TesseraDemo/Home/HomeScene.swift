import Tessera

// MARK: - HomeScene

/// `GET /`: the community feed, and the signed-in member's current priorities beside it.
final class HomeScene: Scene, @unchecked Sendable {
    override class var path: String { "/" }
    override class var composition: [ComponentSlot] { [feed, priorities] }
    static let feed = ComponentSlot("feed", FeedComponent.self)
    static let priorities = ComponentSlot("priorities", PrioritiesComponent.self)
    override var template: String? { "Home/HomeScene" }

    // MARK: - State

    private var signedIn = false

    // MARK: - Life cycle

    override func configureComponents(_ scope: RequestScope) {
        add(FeedComponent(id: Self.feed.id, links: .demo))
        if let userID = scope.userID {
            signedIn = true
            add(PrioritiesComponent(id: Self.priorities.id, userID: userID))
        }
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = "Home"
    }

    override func viewModel() -> any ViewModel {
        ["signedIn": .bool(signedIn), "signInURL": .string(DemoURLs.signIn)]
    }
}
