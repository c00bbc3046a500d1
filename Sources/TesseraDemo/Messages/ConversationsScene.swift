import Tessera

// MARK: - ConversationsScene

/// `GET /messages`: the signed-in member's conversations and a "New message" link (members
/// only, ``MemberScene``).
final class ConversationsScene: MemberScene, ModelScene {
    override class var path: String { "/messages" }
    override class var composition: [ComponentSlot] {
        [memberSlot("conversations") { _, memberID in ConversationListComponent(viewerID: memberID, conversationURL: DemoURLs.conversation) }]
    }
    override var memberTitle: String { "Messages" }

    // MARK: - Life cycle

    func viewModel() -> Model { Model() }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        var newMessageURL: String { DemoURLs.newMessage }
    }
}
