import Tessera

// MARK: - NewConversationScene

/// `GET /messages/new[?to=ID]` (its form posts to the same address): write to a member, from
/// the conversations page or a profile's "Message" link. Members only (``MemberScene``).
final class NewConversationScene: MemberScene {
    override class var path: String { "/messages/new" }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] {
        [
            memberSlot("new-message") { _, memberID in
                NewConversationFormComponent(
                    memberID: memberID, conversationURL: DemoURLs.conversation, conversationsURL: DemoURLs.messages)
            }
        ]
    }
    override var memberTitle: String { "New message" }
}
