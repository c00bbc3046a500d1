import Tessera

// MARK: - Previews

extension BlogStatsComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("no comments", sceneURL: "/blogs/72", id: "blog-stats", fixtures: { db in try await DemoFixtures.blog(db, title: "Quiet", body: "Nobody said anything.") }) {
                BlogStatsComponent(blogID: 72, likeCount: 0, likedByViewer: false)
            },
            Preview("with comments", sceneURL: "/blogs/72", id: "blog-stats", fixtures: DemoFixtures.community) {
                BlogStatsComponent(blogID: 72, likeCount: 0, likedByViewer: false)
            },
        ]
    }
}
