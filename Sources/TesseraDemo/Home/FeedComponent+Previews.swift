import Tessera

// MARK: - Previews

extension FeedComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("empty", sceneURL: "/") {
                FeedComponent(id: "feed", links: .demo)
            },
            Preview("community", sceneURL: "/", fixtures: DemoFixtures.community) {
                FeedComponent(id: "feed", links: .demo)
            },
            Preview("signed in", signedInAs: 1, sceneURL: "/", fixtures: DemoFixtures.community) {
                FeedComponent(id: "feed", links: .demo)
            },
            Preview("hostile text", sceneURL: "/", fixtures: { db in try await DemoFixtures.blog(db, title: DemoFixtures.hostileText, body: DemoFixtures.hostileText) }) {
                FeedComponent(id: "feed", links: .demo)
            },
        ]
    }
}
