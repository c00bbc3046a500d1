import Tessera

// MARK: - Previews

extension NewPostsComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("nothing new", sceneURL: "/", id: "new-posts", fixtures: DemoFixtures.community) { NewPostsComponent() },
            Preview("two new posts", sceneURL: "/", id: "new-posts", query: [("after", "70")], fixtures: DemoFixtures.community) {
                NewPostsComponent()
            },
        ]
    }
}
