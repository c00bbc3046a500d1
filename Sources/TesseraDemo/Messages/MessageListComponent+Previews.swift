import Tessera

// MARK: - Previews

extension MessageListComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("text and images", signedInAs: 1, sceneURL: "/messages/1", fixtures: DemoFixtures.community) {
                MessageListComponent(id: ConversationScene.list.id, conversationID: 1, viewerID: 1)
            },
            Preview("no messages yet", signedInAs: 1, sceneURL: "/messages/1", fixtures: { db in
                    try DemoFixtures.member(db)
                    try Conversation(id: 1, title: "Just me").insert(db)
                    try db.execute(sql: "INSERT INTO participant (conversationID, userID) VALUES (1, 1)")
                }) {
                MessageListComponent(id: ConversationScene.list.id, conversationID: 1, viewerID: 1)
            },
        ]
    }
}
