import Tessera

// MARK: - Previews

extension CommentFormComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("visitor", sceneURL: "/blogs/1", id: "comment-form", fixtures: DemoFixtures.community) {
                CommentFormComponent(blogID: 1, signInURL: DemoURLs.signIn, pageURL: DemoURLs.blog(1))
            },
            Preview("signed in", signedInAs: 2, sceneURL: "/blogs/1", id: "comment-form", fixtures: DemoFixtures.community) {
                CommentFormComponent(blogID: 1, signInURL: DemoURLs.signIn, pageURL: DemoURLs.blog(1))
            },
        ]
    }
}
