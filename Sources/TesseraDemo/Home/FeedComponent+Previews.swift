import Tessera

// MARK: - Previews

extension FeedComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("empty", sceneURL: "/", id: "feed") {
                FeedComponent(links: .demo)
            },
            Preview("community", sceneURL: "/", id: "feed", fixtures: DemoFixtures.community) {
                FeedComponent(links: .demo)
            },
            Preview("signed in", signedInAs: 1, sceneURL: "/", id: "feed", fixtures: DemoFixtures.community) {
                FeedComponent(links: .demo)
            },
            Preview("hostile text", sceneURL: "/", id: "feed", fixtures: { db in try await DemoFixtures.blog(db, title: DemoFixtures.hostileText, body: DemoFixtures.hostileText) }) {
                FeedComponent(links: .demo)
            },
        ]
    }
}
