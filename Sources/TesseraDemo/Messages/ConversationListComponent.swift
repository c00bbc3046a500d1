import Tessera

// MARK: - ConversationListComponent

/// A member's conversations, most recently active first, each linking to its page.
final class ConversationListComponent: Component<ConversationListComponent.Model>, @unchecked Sendable {

    // MARK: - Configuration

    private let viewerID: Int64
    private let conversationURL: @Sendable (Int64) -> String

    /// The conversations of `viewerID`; `conversationURL` builds each row's link.
    init(id: String, viewerID: Int64, conversationURL: @escaping @Sendable (Int64) -> String) {
        self.viewerID = viewerID
        self.conversationURL = conversationURL
        super.init(id: id)
    }

    // MARK: - State

    private var summaries: [ConversationSummary] = []

    // MARK: - Life cycle

    override func load(_ scope: RequestScope) async throws {
        summaries = try await MessageStore(database: scope.database).summaries(of: viewerID)
    }

    override func viewModel() -> Model {
        Model(rows: dataSource)
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let rows: ArrayDataSource<ConversationCell>
        var isEmpty: Bool { rows.isEmpty }
    }

    // MARK: - Data source

    private var dataSource: ArrayDataSource<ConversationCell> {
        ArrayDataSource(
            items: summaries, cell: ConversationCell(viewerID: viewerID, conversationURL: conversationURL),
            emptyState: EmptyState("No conversations yet."))
    }
}
