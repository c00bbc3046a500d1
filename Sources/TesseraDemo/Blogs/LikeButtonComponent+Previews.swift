import Tessera

// MARK: - Previews

extension LikeButtonComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("visitor", sceneURL: "/blogs/1", fixtures: DemoFixtures.community) {
                LikeButtonComponent(id: "like-button", state: LikeState(blogID: 1), signInURL: DemoURLs.signIn)
            },
            Preview("signed in", signedInAs: 2, sceneURL: "/blogs/1", fixtures: DemoFixtures.community) {
                LikeButtonComponent(id: "like-button", state: LikeState(blogID: 1), signInURL: DemoURLs.signIn)
            },
        ]
    }
}
