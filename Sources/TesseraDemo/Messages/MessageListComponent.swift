import Tessera

// MARK: - MessageListComponent

/// The messages of one conversation, oldest first, each drawn by its kind's cell and marked
/// as the viewer's own or the other person's.
@Component
struct MessageListComponent {
    /// A conversation open in two browsers shows each message as it is sent.
    static var live: Bool { true }

    // MARK: - Configuration

    /// The conversation shown (its scene checked the viewer takes part in it).
    let conversationID: Int64
    /// Who is reading: their own messages are marked.
    let viewerID: Int64

    // MARK: - Life cycle

    /// One query whatever the number of messages (their senders' names come with them).
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let messages = try await MessageStore(database: scope.database).messagesWithSenders(in: conversationID)
        let items = messages.map { row in
            MessageItem(message: row.message, senderName: row.senderName, isMine: row.message.senderID == viewerID).wrapped
        }
        return Model(messages: try Self.dataSource(items))
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let messages: SectionedDataSource<MessageSection>?
    }

    // MARK: - Data source

    /// The messages in one section, one cell per message kind.
    static func dataSource(_ items: [any Sendable]) throws -> SectionedDataSource<MessageSection> {
        try SectionedDataSource(sections: [DataSourceSection(items: items, emptyState: EmptyState("No messages yet. Say hello!"))]) {
            TextMessageCell()
            ImageMessageCell()
        }
    }
}
