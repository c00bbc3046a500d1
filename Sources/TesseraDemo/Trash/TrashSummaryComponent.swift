import Tessera

// MARK: - TrashSummaryComponent

/// On the member's own profile: how many posts are in their trash, with a link to it. One
/// query.
final class TrashSummaryComponent: Component<TrashSummaryComponent.Model>, @unchecked Sendable {

    // MARK: - Configuration

    private let userID: Int64
    private let trashURL: String

    /// `userID`'s trash, linking to `trashURL`.
    init(id: String, userID: Int64, trashURL: String) {
        self.userID = userID
        self.trashURL = trashURL
        super.init(id: id)
    }

    // MARK: - State

    private var count = 0

    // MARK: - Life cycle

    override func load(_ scope: RequestScope) async throws {
        count = try await TrashStore(database: scope.database).count(of: userID)
    }

    override func viewModel() -> Model {
        Model(
            hasItems: count > 0,
            summary: DisplayText.count(count, "post", "posts") + " in the trash.",
            trashURL: trashURL,
            emptyState: EmptyState("Your trash is empty.")
        )
    }

    /// The values the template reads.
    struct Model: TemplateModel {
        let hasItems: Bool
        let summary: String
        let trashURL: String
        let emptyState: EmptyState

        static let templateKeys: [TemplateKey<Model>] = [
            TemplateKey("hasItems") { $0.hasItems },
            TemplateKey("summary") { $0.summary },
            TemplateKey("trashURL") { $0.trashURL },
            TemplateKey("emptyState") { $0.emptyState },
        ]
    }
}
