import Tessera

// MARK: - HomeScene

/// `GET /`: the community feed, and the signed-in member's current priorities beside it.
final class HomeScene: ModelScene<HomeScene.Model>, @unchecked Sendable {
    override class var path: String { "/" }
    override class var composition: [ComponentSlot] { [feed, priorities] }
    static let feed = ComponentSlot("feed", FeedComponent.self)
    static let priorities = ComponentSlot("priorities", PrioritiesComponent.self)

    // MARK: - State

    private var signedIn = false

    // MARK: - Life cycle

    override func configureComponents(_ scope: RequestScope) {
        add(FeedComponent(id: Self.feed.id, links: .demo))
        if let userID = scope.userID {
            signedIn = true
            // Lazy: the feed is what the page is for, so it answers without waiting for these.
            let priorities = PrioritiesComponent(id: Self.priorities.id, userID: userID)
            priorities.isLazy = true
            add(priorities)
        }
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = "Home"
    }

    override func viewModel() -> Model { Model(signedIn: signedIn) }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let signedIn: Bool
        var signInURL: String { DemoURLs.signIn }
    }
}
