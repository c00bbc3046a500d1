import Tessera

// MARK: - Previews

extension LikeButtonComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("visitor", sceneURL: "/blogs/1", id: "like-button", fixtures: DemoFixtures.community) {
                LikeButtonComponent(blogID: 1, likedByViewer: false, signInURL: DemoURLs.signIn)
            },
            Preview("signed in, read alone", signedInAs: 2, sceneURL: "/", id: "feed-like-1", fixtures: DemoFixtures.community) {
                LikeButtonComponent(blogID: 1, signInURL: DemoURLs.signIn)
            },
        ]
    }
}
