import Tessera

// MARK: - MessageListComponent

/// The messages of one conversation, oldest first, each drawn by its kind's cell and marked
/// as the viewer's own or the other person's.
final class MessageListComponent: Component<MessageListComponent.Model>, @unchecked Sendable {
    override class var cellTypes: [any CellRenderer.Type] { [TextMessageCell.self, ImageMessageCell.self] }

    // MARK: - Configuration

    private let conversationID: Int64
    private let viewerID: Int64

    /// The messages of `conversationID` as `viewerID` sees them (the scene checked they take
    /// part in it).
    init(id: String, conversationID: Int64, viewerID: Int64) {
        self.conversationID = conversationID
        self.viewerID = viewerID
        super.init(id: id)
    }

    // MARK: - State

    private var dataSource: SectionedDataSource<MessageSection>?

    // MARK: - Life cycle

    /// One query whatever the number of messages (their senders' names come with them).
    override func load(_ scope: RequestScope) async throws {
        let messages = try await MessageStore(database: scope.database).messagesWithSenders(in: conversationID)
        let items = messages.map { row in
            MessageItem(message: row.message, senderName: row.senderName, isMine: row.message.senderID == viewerID).wrapped
        }
        dataSource = try Self.dataSource(items)
    }

    override func viewModel() -> Model {
        Model(
            messages: dataSource
        )
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let messages: SectionedDataSource<MessageSection>?
    }

    // MARK: - Data source

    /// One cell per message kind.
    static let registry = CellRegistry()
        .registering(TextMessageCell())
        .registering(ImageMessageCell())

    /// The messages in one section drawn through ``registry``.
    static func dataSource(_ items: [Any]) throws -> SectionedDataSource<MessageSection> {
        try SectionedDataSource(
            sections: [DataSourceSection(items: items, emptyState: EmptyState("No messages yet. Say hello!"))],
            registry: registry)
    }
}
