import Tessera

// MARK: - DraftListComponent

/// The signed-in member's drafts on their own profile, most recently edited first, each
/// linking to its editor, with a "Write a new post" link. One query.
@Component
struct DraftListComponent {
    /// Only its owner sees it: one copy per member.
    static var caching: FragmentCaching { .perUser }

    // MARK: - Configuration

    private let userID: Int64
    private let editURL: @Sendable (Int64) -> String
    private let newDraftURL: String

    /// `userID`'s drafts, linking to `editURL(id)`, offering `newDraftURL`.
    init(userID: Int64, editURL: @escaping @Sendable (Int64) -> String, newDraftURL: String) {
        self.userID = userID
        self.editURL = editURL
        self.newDraftURL = newDraftURL
    }

    // MARK: - Life cycle

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let drafts = try await DraftStore(database: scope.database).drafts(of: userID)
        return Model(
            drafts: ArrayDataSource(items: drafts, cell: DraftCell(editURL: editURL), emptyState: EmptyState("No drafts yet.")),
            newDraftURL: newDraftURL
        )
    }

    /// The values the template reads.
    @TemplateModel
    struct Model {
        let drafts: ArrayDataSource<DraftCell>
        let newDraftURL: String
        var isEmpty: Bool { drafts.isEmpty }
    }
}
