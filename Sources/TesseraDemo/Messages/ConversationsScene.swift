import Tessera

// MARK: - ConversationsScene

/// `GET /messages`: the signed-in member's conversations and a "New message" link (members
/// only, ``MemberScene``).
final class ConversationsScene: MemberScene<ConversationsScene.Model>, @unchecked Sendable {
    override class var path: String { "/messages" }
    override class var composition: [ComponentSlot] { [list] }
    static let list = ComponentSlot("conversations", ConversationListComponent.self)
    override var memberTitle: String { "Messages" }

    // MARK: - Life cycle

    override func configureComponents(_ scope: RequestScope, memberID: Int64) {
        add(ConversationListComponent(id: Self.list.id, viewerID: memberID, conversationURL: DemoURLs.conversation))
    }

    override func viewModel() -> Model { Model() }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        var newMessageURL: String { DemoURLs.newMessage }
    }
}
