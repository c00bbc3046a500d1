import Tessera

// MARK: - ConversationsScene

/// `GET /messages`: the signed-in member's conversations and a "New message" link (members
/// only, ``MemberScene``).
final class ConversationsScene: MemberScene<ConversationsScene.Model>, @unchecked Sendable {
    override class var path: String { DemoURLs.messages }
    override class var componentTypes: [AnyComponent.Type] { [ConversationListComponent.self] }
    override var memberTitle: String { "Messages" }

    // MARK: - Life cycle

    override func configureComponents(_ scope: RequestScope, memberID: Int64) {
        add(ConversationListComponent(id: "conversations", viewerID: memberID, conversationURL: DemoURLs.conversation))
    }

    override func viewModel() -> Model { Model() }

    /// The values the template reads.
    struct Model: TemplateModel {
        static let templateKeys: [TemplateKey<Model>] = [TemplateKey("newMessageURL") { _ in DemoURLs.newMessage }]
    }
}
