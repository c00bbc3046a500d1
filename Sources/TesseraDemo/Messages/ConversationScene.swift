import Tessera

// MARK: - ConversationScene

/// `GET /messages/:id` and `POST /messages/:id`: one conversation — its messages and the
/// composer — for its participants (members only, ``MemberScene``); 404 for anyone else,
/// checked once in ``loadData(_:)``, before the page renders or the composer sends.
final class ConversationScene: MemberScene, ModelScene {
    override class var path: String { "/messages/:id" }
    override class var composition: [ComponentSlot] {
        [
            memberSlot("messages") { scene, memberID in
                MessageListComponent(conversationID: scene.conversationID, viewerID: memberID)
            },
            memberSlot("composer") { scene, _ in
                ComposerComponent(conversationID: scene.conversationID)
            },
        ]
    }

    // MARK: - State

    private var conversationID: Int64 = 0
    private var otherName: String?

    // MARK: - Life cycle

    override func parseParameters(_ scope: RequestScope) throws {
        conversationID = try scope.path.id("id")
    }

    /// Only participants may see a conversation: anyone else gets the same 404 as for a
    /// conversation that does not exist.
    override func loadData(_ scope: RequestScope) async throws {
        guard let userID = scope.userID else { return }
        let store = MessageStore(database: scope.database)
        guard try await store.conversation(conversationID, for: userID) != nil else { throw RequestError.notFound() }
        otherName = try await store.otherParticipant(in: conversationID, besides: userID)?.displayName ?? "Conversation"
    }

    override var memberTitle: String { otherName.map { "\($0) · Messages" } ?? "Messages" }

    func viewModel() -> Model { Model(otherName: otherName) }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let otherName: String?
        var conversationsURL: String { DemoURLs.messages }
    }
}
