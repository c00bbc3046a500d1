import Tessera

// MARK: - Previews

extension BlogStatsComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("no comments", sceneURL: "/blogs/72", id: "blog-stats") {
                BlogStatsComponent(blogID: 72, likeCount: 0, likedByViewer: false, commentCount: 0)
            },
            Preview("with comments", sceneURL: "/blogs/72", id: "blog-stats") {
                BlogStatsComponent(blogID: 72, likeCount: 0, likedByViewer: false, commentCount: 7)
            },
        ]
    }
}
