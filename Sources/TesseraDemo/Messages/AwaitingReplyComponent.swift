import Tessera

// MARK: - AwaitingReplyComponent

/// In the layout's header, for a member: how many of their conversations wait for their reply
/// ("2 conversations await your reply"), linking to their messages; nothing when none does. It
/// is live, so every open page of the member learns of a message as it arrives.
@Component
struct AwaitingReplyComponent {
    /// Each member's own count.
    static var caching: FragmentCaching { .perUser }
    /// Every open page tells of a message as it arrives.
    static var live: Bool { true }
    var rootElement: String { "div" }
    var rootClass: String? { "awaiting-reply" }

    // MARK: - Configuration

    /// Whose conversations they are.
    let viewerID: Int64

    // MARK: - Life cycle

    /// One query.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Model(count: try await MessageStore(database: scope.database).awaitingReply(of: viewerID), messagesURL: DemoURLs.messages)
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        /// How many conversations wait for the member's reply.
        @TemplateIgnored let count: Int
        /// The member's conversations.
        let messagesURL: String
        var hasAny: Bool { count > 0 }
        var countText: String { DisplayText.count(count, "conversation awaits", "conversations await") }
    }
}
