import Tessera

// MARK: - NewConversationScene

/// `GET /messages/new[?to=ID]` (its form posts to `POST /messages`): write to a member, from
/// the conversations page or a profile's "Message" link. Members only (``MemberScene``).
final class NewConversationScene: MemberScene<EmptyModel>, @unchecked Sendable {
    override class var path: String { DemoURLs.newMessage }
    override class var componentTypes: [AnyComponent.Type] { [NewConversationFormComponent.self] }
    override var memberTitle: String { "New message" }

    // MARK: - Life cycle

    override func configureComponents(_ scope: RequestScope, memberID: Int64) {
        add(
            NewConversationFormComponent(
                id: "new-message", memberID: memberID, conversationURL: DemoURLs.conversation,
                conversationsURL: DemoURLs.messages))
    }
}
