import Tessera

// MARK: - Previews

extension ConversationListComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("none", signedInAs: 1, sceneURL: "/messages", id: "conversations", fixtures: { db in try await DemoFixtures.member(db) }) {
                ConversationListComponent(viewerID: 1, conversationURL: DemoURLs.conversation)
            },
            Preview("two conversations", signedInAs: 1, sceneURL: "/messages", id: "conversations", fixtures: DemoFixtures.community) {
                ConversationListComponent(viewerID: 1, conversationURL: DemoURLs.conversation)
            },
        ]
    }
}
