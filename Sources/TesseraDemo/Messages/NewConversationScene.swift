import Tessera

// MARK: - NewConversationScene

/// `GET /messages/new[?to=ID]` (its form posts to the same address): write to a member, from
/// the conversations page or a profile's "Message" link. Members only (``MemberScene``).
final class NewConversationScene: MemberScene<EmptyModel>, @unchecked Sendable {
    override class var path: String { "/messages/new" }
    override class var rendersComponentsInOrder: Bool { true }
    override class var composition: [ComponentSlot] { [form] }
    static let form = ComponentSlot("new-message", NewConversationFormComponent.self)
    override var memberTitle: String { "New message" }

    // MARK: - Life cycle

    override func configureComponents(_ scope: RequestScope, memberID: Int64) {
        add(
            NewConversationFormComponent(
                id: Self.form.id, memberID: memberID, conversationURL: DemoURLs.conversation,
                conversationsURL: DemoURLs.messages))
    }
}
