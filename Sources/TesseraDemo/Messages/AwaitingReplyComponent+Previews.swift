import Tessera

// MARK: - Previews

extension AwaitingReplyComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("nothing awaits", signedInAs: 1, sceneURL: "/", id: "awaiting-reply", fixtures: { db in try await DemoFixtures.member(db) }) {
                AwaitingReplyComponent(viewerID: 1)
            },
            Preview("a conversation awaits", signedInAs: 1, sceneURL: "/", id: "awaiting-reply", fixtures: DemoFixtures.community) {
                AwaitingReplyComponent(viewerID: 1)
            },
        ]
    }
}
