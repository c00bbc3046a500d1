import Tessera

// MARK: - Previews

extension BlogListComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("empty", sceneURL: "/users/1", id: "blog-list", fixtures: { db in try await DemoFixtures.member(db) }) {
                BlogListComponent(userID: 1, blogURL: DemoURLs.blog)
            },
            Preview("own, empty", signedInAs: 1, sceneURL: "/users/1", id: "blog-list", fixtures: { db in try await DemoFixtures.member(db) }) {
                BlogListComponent(
                    userID: 1, blogURL: DemoURLs.blog,
                    emptyState: EmptyState("You have not published anything yet.", action: ("Write your first post", DemoURLs.newDraft)))
            },
            Preview("many", sceneURL: "/users/2", id: "blog-list", fixtures: DemoFixtures.community) {
                BlogListComponent(userID: 2, blogURL: DemoURLs.blog)
            },
        ]
    }
}
