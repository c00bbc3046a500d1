import Tessera

// MARK: - ConversationScene

/// `GET /messages/:id` and `POST /messages/:id`: one conversation — its messages and the
/// composer — for its participants; a sign-in prompt for visitors; 404 for anyone else.
final class ConversationScene: Scene, @unchecked Sendable {
    override class var path: String { "/messages/:id" }
    override class var componentTypes: [Component.Type] { [ComposerComponent.self] }
    override var template: String? { "Messages/ConversationScene" }

    /// The message list's id (the composer refreshes it after sending).
    static let listID = "messages"

    // MARK: - State

    private var conversationID: Int64 = 0
    private var otherName: String?

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        try MembersOnly.refuseSignedOutActions(scope)
        conversationID = try scope.path.id("id")
    }

    override func configureComponents(_ scope: RequestScope) {
        guard let userID = scope.userID else {
            add(
                SignInPromptComponent(
                    id: MembersOnly.promptID, message: "Sign in to read this conversation.",
                    signInURL: MembersOnly.signInURL(returningTo: DemoURLs.conversation(conversationID))))
            return
        }
        add(MessageListComponent(id: Self.listID, conversationID: conversationID, viewerID: userID))
        add(
            ComposerComponent(
                id: "composer", conversationID: conversationID, actionURL: DemoURLs.conversation(conversationID),
                listID: Self.listID, uploadURL: UploadsController.url(forName:)))
    }

    /// Only participants may see a conversation: anyone else gets the same 404 as for a
    /// conversation that does not exist.
    override func loadData(_ scope: RequestScope) async throws {
        guard let userID = scope.userID else { return }
        let store = MessageStore(database: scope.database)
        guard try await store.conversation(conversationID, for: userID) != nil else { throw RequestError.notFound() }
        otherName = try await store.otherParticipant(in: conversationID, besides: userID)?.displayName ?? "Conversation"
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = otherName.map { "\($0) · Messages" } ?? "Messages"
    }

    override func viewModel() -> any ViewModel {
        ["otherName": .optional(otherName), "conversationsURL": .string(DemoURLs.messages)]
    }
}
