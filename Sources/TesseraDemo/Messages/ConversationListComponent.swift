import Tessera

// MARK: - ConversationListComponent

/// A member's conversations, most recently active first, each linking to its page, marked
/// "Your turn" where the other person spoke last.
@Component
struct ConversationListComponent {
    /// An open list shows each message as it arrives: its conversation moves to the top.
    static var live: Bool { true }

    // MARK: - Configuration

    /// Whose conversations they are.
    let viewerID: Int64
    /// Each row's link.
    let conversationURL: @Sendable (Int64) -> String

    // MARK: - Life cycle

    /// One query however many conversations there are.
    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let summaries = try await MessageStore(database: scope.database).summaries(of: viewerID)
        return Model(rows: dataSource(summaries))
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let rows: ArrayDataSource<ConversationCell>
        var isEmpty: Bool { rows.isEmpty }
    }

    // MARK: - Data source

    private func dataSource(_ summaries: [ConversationSummary]) -> ArrayDataSource<ConversationCell> {
        ArrayDataSource(
            items: summaries, cell: ConversationCell(viewerID: viewerID, conversationURL: conversationURL),
            emptyState: EmptyState("No conversations yet."))
    }
}
