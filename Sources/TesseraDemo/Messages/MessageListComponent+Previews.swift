import Tessera

// MARK: - Previews

extension MessageListComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("text and images", signedInAs: 1, sceneURL: "/messages/1", id: "messages", fixtures: DemoFixtures.community) {
                MessageListComponent(conversationID: 1, viewerID: 1)
            },
            Preview("no messages yet", signedInAs: 1, sceneURL: "/messages/1", id: "messages", fixtures: { db in
                    try await DemoFixtures.member(db)
                    try await Conversation.insert(title: "Just me", between: [1], into: db)
                }) {
                MessageListComponent(conversationID: 1, viewerID: 1)
            },
        ]
    }
}
