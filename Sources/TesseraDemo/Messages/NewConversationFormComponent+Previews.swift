import Tessera

// MARK: - Previews

extension NewConversationFormComponent: Previewable {
    /// The states worth seeing, each on its own fixtures.
    static var previews: [Preview] {
        [
            Preview("empty form", signedInAs: 1, sceneURL: "/messages/new", id: "new-message", fixtures: DemoFixtures.community) {
                NewConversationFormComponent(memberID: 1, conversationURL: DemoURLs.conversation, conversationsURL: DemoURLs.messages)
            },
            Preview(
                "addressed to a member", signedInAs: 1, sceneURL: "/messages/new", id: "new-message", query: [("to", "2")],
                fixtures: DemoFixtures.community
            ) {
                NewConversationFormComponent(memberID: 1, conversationURL: DemoURLs.conversation, conversationsURL: DemoURLs.messages)
            },
        ]
    }
}
