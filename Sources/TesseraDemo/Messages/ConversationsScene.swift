import Tessera

// MARK: - ConversationsScene

/// `GET /messages`: the signed-in member's conversations and a "New message" link (members
/// only, ``MemberScene``).
final class ConversationsScene: MemberScene, @unchecked Sendable {
    override class var path: String { DemoURLs.messages }
    override class var componentTypes: [AnyComponent.Type] { [ConversationListComponent.self] }
    override var template: String? { "Messages/ConversationsScene" }
    override var memberTitle: String { "Messages" }

    // MARK: - Life cycle

    override func configureComponents(_ scope: RequestScope, memberID: Int64) {
        add(ConversationListComponent(id: "conversations", viewerID: memberID, conversationURL: DemoURLs.conversation))
    }

    override func viewModel() -> any ViewModel {
        ["newMessageURL": .string(DemoURLs.newMessage)]
    }
}
