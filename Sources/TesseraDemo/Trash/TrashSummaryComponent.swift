import Tessera

// MARK: - TrashSummaryComponent

/// On the member's own profile: how many posts are in their trash, with a link to it. One
/// query.
final class TrashSummaryComponent: AnyComponent, @unchecked Sendable {
    override var template: String { "Trash/TrashSummaryComponent" }

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

    override func viewModel() -> any ViewModel {
        [
            "hasItems": .bool(count > 0),
            "summary": .string(DisplayText.count(count, "post", "posts") + " in the trash."),
            "trashURL": .string(trashURL),
            "emptyState": .fragment(EmptyState("Your trash is empty.")),
        ]
    }
}
