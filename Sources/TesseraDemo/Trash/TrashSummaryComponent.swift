import Tessera

// MARK: - TrashSummaryComponent

/// On the member's own profile: how many posts are in their trash, with a link to it. One
/// query.
@Component
struct TrashSummaryComponent {
    /// Only its owner sees it: one copy per member.
    static var caching: FragmentCaching { .perUser }

    // MARK: - Configuration

    private let userID: Int64
    private let trashURL: String

    /// `userID`'s trash, linking to `trashURL`.
    init(userID: Int64, trashURL: String) {
        self.userID = userID
        self.trashURL = trashURL
    }

    // MARK: - Life cycle

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let count = try await TrashStore(database: scope.database).count(of: userID)
        return Model(
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
