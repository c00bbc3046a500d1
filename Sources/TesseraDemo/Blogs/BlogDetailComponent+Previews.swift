import Tessera

// MARK: - Previews

extension BlogDetailComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("visitor", sceneURL: "/blogs/1", id: "blog-detail", fixtures: DemoFixtures.community) {
                BlogDetailComponent(post: DemoFixtures.post(), userURL: DemoURLs.user, editURL: DemoURLs.editBlog)
            },
            Preview("signed in as the author", signedInAs: 1, sceneURL: "/blogs/1", id: "blog-detail", fixtures: DemoFixtures.community) {
                BlogDetailComponent(post: DemoFixtures.post(), userURL: DemoURLs.user, editURL: DemoURLs.editBlog)
            },
            Preview("long text", sceneURL: "/blogs/1", id: "blog-detail") {
                BlogDetailComponent(post: DemoFixtures.post(title: DemoFixtures.longText, body: DemoFixtures.longText), userURL: DemoURLs.user, editURL: DemoURLs.editBlog)
            },
            Preview("hostile text", sceneURL: "/blogs/1", id: "blog-detail") {
                BlogDetailComponent(post: DemoFixtures.post(title: DemoFixtures.hostileText, body: DemoFixtures.hostileText), userURL: DemoURLs.user, editURL: DemoURLs.editBlog)
            },
        ]
    }
}
