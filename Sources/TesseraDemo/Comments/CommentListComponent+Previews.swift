import Tessera

// MARK: - Previews

extension CommentListComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("empty", sceneURL: "/blogs/1", id: "comments", fixtures: { db in try await DemoFixtures.blog(db, title: "Quiet", body: "Nobody said anything.") }) {
                CommentListComponent(blogID: 1, userURL: DemoURLs.user)
            },
            Preview("hostile text", sceneURL: "/blogs/1", id: "comments", fixtures: { db in
                    try await DemoFixtures.blog(db, title: "Loud", body: "Everyone said something.")
                    try await Comment.insert(blogID: 1, userID: 1, body: DemoFixtures.hostileText, createdAt: DemoSeed.hours(2), into: db)
                    try await Comment.insert(blogID: 1, userID: 1, body: DemoFixtures.longText, createdAt: DemoSeed.hours(3), into: db)
                }) {
                CommentListComponent(blogID: 1, userURL: DemoURLs.user)
            },
            Preview("error", sceneURL: "/blogs/1", id: "comments", fixtures: DemoFixtures.without("comment")) {
                CommentListComponent(blogID: 1, userURL: DemoURLs.user)
            },
        ]
    }
}
