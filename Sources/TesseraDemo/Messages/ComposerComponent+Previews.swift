import Tessera

// MARK: - Previews

extension ComposerComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("empty", signedInAs: 1, sceneURL: "/messages/1", id: "composer", fixtures: DemoFixtures.community) {
                ComposerComponent(conversationID: 1)
            },
            Preview("as the other member", signedInAs: 2, sceneURL: "/messages/1", id: "composer", fixtures: DemoFixtures.community) {
                ComposerComponent(conversationID: 1)
            },
        ]
    }
}
