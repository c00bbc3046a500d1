import Tessera

// MARK: - TrashSummaryComponent

/// On the member's own profile: how many posts are in their trash, with a link to it. One
/// query.
final class TrashSummaryComponent: Component<TrashSummaryComponent.Model>, @unchecked Sendable {
    /// Only its owner sees it: one copy per member.
    override class var caching: FragmentCaching { .perUser }

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
            summary: ArrayDataSource(
                items: count > 0 ? [count] : [], cell: TrashSummaryCell(trashURL: trashURL),
                emptyState: EmptyState("Your trash is empty.")))
    }

    /// The values the template reads: the summary is a list of one row (none when the trash is
    /// empty, which draws its empty state).
    @TemplateModel
    struct Model {
        let summary: ArrayDataSource<TrashSummaryCell>
    }
}
