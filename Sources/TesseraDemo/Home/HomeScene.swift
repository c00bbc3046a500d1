import Tessera

// MARK: - HomeScene

/// `GET /`: the community feed, and the signed-in member's current priorities beside it.
final class HomeScene: Scene, ModelScene {
    override class var path: String { "/" }
    override class var policy: Policy? { .anyone }
    /// A visitor's page shows only what its URL names: kept until its data changes.
    override class var reusesVisitorPages: Bool { true }
    override class var composition: [ComponentSlot] {
        [
            // Live, above the feed's first page: the posts published since the page was shown.
            slot("new-posts") { _, scope in
                ["page", "through", "q"].allSatisfy { scope.query[$0] == nil } ? NewPostsComponent() : nil
            },
            slot("feed") { _, _ in FeedComponent(links: .demo) },
            // Lazy: the feed is what the page is for, so it answers without waiting for these.
            slot("priorities", lazy: true) { _, scope in scope.userID.map { PrioritiesComponent(userID: $0) } },
        ]
    }

    // MARK: - State

    private var signedIn = false

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        signedIn = scope.userID != nil
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = "Home"
    }

    func viewModel() -> Model { Model(signedIn: signedIn) }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let signedIn: Bool
        var signInURL: String { DemoURLs.signIn }
    }
}
