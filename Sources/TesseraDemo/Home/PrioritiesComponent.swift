import Tessera

// MARK: - PrioritiesComponent

/// The signed-in member's current priorities. Which ones are current is the model's rule
/// (``Priority``); this component only shows them, or an empty state.
@Component
struct PrioritiesComponent {
    var rootClass: String? { "card" }

    // MARK: - Configuration

    /// Whose priorities.
    let userID: Int64

    // MARK: - Life cycle

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let priorities = try await UserStore(database: scope.database).currentPriorities(of: userID, at: scope.demo.now())
        return Model(
            priorities: ArrayDataSource(items: priorities, cell: PriorityCell(), emptyState: EmptyState("Nothing in focus right now.")))
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let priorities: ArrayDataSource<PriorityCell>
        var isEmpty: Bool { priorities.isEmpty }
    }
}
