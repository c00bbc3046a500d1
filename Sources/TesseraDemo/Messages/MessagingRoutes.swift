import Tessera

// MARK: - Messaging routes

extension DemoApp {
    /// The scenes of this feature group, mounted with sessions: conversations, one
    /// conversation. (Uploaded images are served by ``MessageUploads/route``, to the
    /// conversation's members.)
    static let messagingScenes: [Scene.Type] = [ConversationsScene.self, NewConversationScene.self, ConversationScene.self]
}
