import Tessera

// MARK: - Previews

extension BlogStatsComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("no comments", sceneURL: "/blogs/72", fixtures: { db in try await DemoFixtures.blog(db, title: "Quiet", body: "Nobody said anything.") }) {
                BlogStatsComponent(id: "blog-stats", state: LikeState(blogID: 72), thread: CommentThread(blogID: 72))
            },
            Preview("with comments", sceneURL: "/blogs/72", fixtures: DemoFixtures.community) {
                BlogStatsComponent(id: "blog-stats", state: LikeState(blogID: 72), thread: CommentThread(blogID: 72))
            },
        ]
    }
}
