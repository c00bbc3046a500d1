import Tessera

// MARK: - ConversationsScene

/// `GET /messages`: the signed-in member's conversations; a sign-in prompt for visitors.
final class ConversationsScene: Scene, @unchecked Sendable {
    override class var path: String { DemoURLs.messages }
    override var template: String? { "Messages/ConversationsScene" }

    // MARK: - State

    private var isMember = false

    // MARK: - Life cycle

    override func configureComponents(_ scope: RequestScope) {
        guard let userID = scope.userID else {
            add(
                SignInPromptComponent(
                    id: MembersOnly.promptID, message: "Sign in to read and send messages.",
                    signInURL: MembersOnly.signInURL(returningTo: DemoURLs.messages)))
            return
        }
        isMember = true
        add(ConversationListComponent(id: "conversations", viewerID: userID, conversationURL: DemoURLs.conversation))
    }

    override func willRender(_ head: inout PageHead, _ scope: RequestScope) {
        head.title = "Messages"
    }

    override func viewModel() -> any ViewModel {
        ["isMember": .bool(isMember)]
    }
}
