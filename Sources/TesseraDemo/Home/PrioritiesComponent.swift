import Tessera

// MARK: - PrioritiesComponent

/// The signed-in member's current priorities. Which ones are current is the model's rule
/// (``Priority``); this component only shows them, or an empty state.
final class PrioritiesComponent: Component<PrioritiesComponent.Model>, @unchecked Sendable {
    override var rootClass: String? { "card" }

    // MARK: - Configuration

    private let userID: Int64

    // MARK: - State

    private var priorities: [Priority] = []

    /// `userID`'s priorities.
    init(id: String, userID: Int64) {
        self.userID = userID
        super.init(id: id)
    }

    // MARK: - Life cycle

    override func load(_ scope: RequestScope) async throws {
        priorities = try await UserStore(database: scope.database).currentPriorities(of: userID, at: scope.demo.now())
    }

    override func viewModel() -> Model {
        Model(
            priorities: ArrayDataSource(
                items: priorities, cell: PriorityCell(), emptyState: EmptyState("Nothing in focus right now."))
        )
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let priorities: ArrayDataSource<PriorityCell>
        var isEmpty: Bool { priorities.isEmpty }
    }
}
